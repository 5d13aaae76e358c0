/**
 * Network fields (ecrf-core.md §3, §5): NngmNetworkLocation picks an organization (location),
 * NngmNetworkPartner picks a person, offered from the chosen location when there is one. With
 * therapistRequired a person and with locationRequired an organization is required; both are stored in
 * the field's one value.
 */
import { FormControl, Select } from '@primer/react';
import type { FieldValue, NetworkOrganization, NetworkPerson } from '@ecrf/rules';
import { texts } from '../texts';
import { FieldLabel, FieldNotes, fieldErrors, notesId } from './FieldParts';
import { personName } from './fieldText';
import { useFormModel } from './formContext';
import type { FieldNode } from './formNodes';
import styles from './DocumentationForm.module.css';

export function NetworkField({ node }: { node: FieldNode }) {
  const model = useFormModel();
  const { definition, instance, state } = node;
  const settings = definition.definition;
  const isPartner = definition.definitionType === 'NngmNetworkPartner';
  const showPerson = isPartner || settings?.therapistRequired === true;
  // A required rule asks for the field's main choice: the person of a partner, the organization of a location.
  const organizationRequired = settings?.locationRequired === true || (!isPartner && state.required);
  const personRequired = settings?.therapistRequired === true || (isPartner && state.required);
  const disabled = model.readOnly || !state.editable;
  const current = instance.values[0];
  const organization: NetworkOrganization | null = current?.organization ?? null;
  const person: NetworkPerson | null = current?.person ?? null;

  const organizations = model.network.organizations;
  const persons = model.network.persons.filter((p) => organization === null || p.organizationIds.includes(organization.id));
  const store = (nextOrganization: NetworkOrganization | null, nextPerson: NetworkPerson | null) => {
    const values: FieldValue[] =
      nextOrganization || nextPerson ? [{ value: null, organization: nextOrganization, person: nextPerson }] : [];
    model.setValues(instance.id, values);
  };
  const chooseOrganization = (id: string) => {
    const found = organizations.find((o) => o.id === id);
    const next = found ? { id: found.id, displayName: found.displayName ?? null } : null;
    // A person who does not work at the new location would be a wrong pair: the choice starts over.
    const keepPerson =
      person !== null && (next === null || model.network.persons.some((p) => p.id === person.id && p.organizationIds.includes(next.id)));
    store(next, keepPerson ? person : null);
  };
  const choosePerson = (id: string) => {
    const found = persons.find((p) => p.id === id);
    store(
      organization,
      found ? { id: found.id, title: found.title ?? null, firstName: found.firstName ?? null, lastName: found.lastName ?? null } : null,
    );
  };
  const errors = fieldErrors(node, model);
  const selectProps = { 'aria-describedby': notesId(node), 'aria-invalid': model.missingShown(node) ? true : undefined };

  return (
    <div className={styles.wideField} data-field-id={node.instance.id}>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>
          <FieldLabel label={model.text(definition.displayKey)} required={state.required || organizationRequired || personRequired} />
        </legend>
        <FormControl disabled={disabled}>
          <FormControl.Label>
            <FieldLabel label={texts.forms.location} required={organizationRequired} />
          </FormControl.Label>
          <Select
            {...selectProps}
            aria-required={organizationRequired ? true : undefined}
            value={organization?.id ?? ''}
            onChange={(event) => chooseOrganization(event.target.value)}
          >
            <Select.Option value="">{texts.forms.choose}</Select.Option>
            {organization && !organizations.some((o) => o.id === organization.id) && (
              <Select.Option value={organization.id}>{organization.displayName ?? organization.id}</Select.Option>
            )}
            {organizations.map((o) => (
              <Select.Option key={o.id} value={o.id}>
                {o.displayName ?? o.id}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
        {showPerson && (
          <FormControl disabled={disabled}>
            <FormControl.Label>
              <FieldLabel label={texts.forms.therapist} required={personRequired} />
            </FormControl.Label>
            <Select
              {...selectProps}
              aria-required={personRequired ? true : undefined}
              value={person?.id ?? ''}
              onChange={(event) => choosePerson(event.target.value)}
            >
              <Select.Option value="">{texts.forms.choose}</Select.Option>
              {person && !persons.some((p) => p.id === person.id) && <Select.Option value={person.id}>{personName(person)}</Select.Option>}
              {persons.map((p) => (
                <Select.Option key={p.id} value={p.id}>
                  {personName(p)}
                </Select.Option>
              ))}
            </Select>
          </FormControl>
        )}
      </fieldset>
      <FieldNotes node={node} model={model} errors={errors} />
    </div>
  );
}
