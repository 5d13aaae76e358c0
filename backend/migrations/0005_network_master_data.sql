-- The network master data (ecrf-calls.md §3 Organization and Person, §7 nms_system_api): the partners
-- and locations of the network and the people working there. The network partner and network location
-- fields of the forms (ecrf-core.md §3 NngmNetworkPartner, NngmNetworkLocation) pick from these tables.

CREATE TABLE IF NOT EXISTS organization (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  display_name text NOT NULL,
  is_digi_net boolean NOT NULL DEFAULT false,
  -- e.g. 'Hospital', 'Practice', 'Laboratory', 'NetworkOffice'; free text as the master data system sends it.
  main_organization_type text NOT NULL,
  -- The eCRF institute this organization is (syncOrganizations keeps name and DigiNet flag in step).
  institute_id uuid UNIQUE REFERENCES institute (id),
  is_deleted boolean NOT NULL DEFAULT false
);

CREATE TABLE IF NOT EXISTS person (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text,
  first_name text NOT NULL,
  last_name text NOT NULL,
  -- Contact and role details of the master data system (e.g. email, phone, function).
  person_info jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- The eCRF account of this person, if they have one (ecrfPerson canBeDeletedInfo refuses while active).
  user_id uuid UNIQUE REFERENCES app_user (id),
  is_deleted boolean NOT NULL DEFAULT false
);

-- Which person works at which organization, in which function (organizationPersonAssignments).
CREATE TABLE IF NOT EXISTS organization_person_assignment (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organization (id),
  person_id uuid NOT NULL REFERENCES person (id),
  function text,
  UNIQUE (organization_id, person_id)
);
CREATE INDEX IF NOT EXISTS organization_person_assignment_person_idx ON organization_person_assignment (person_id);
