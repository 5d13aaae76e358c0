-- E-learning per study definition (ecrf-calls.md §3 "E-learning", §7 "E-learning"): a definition with its
-- questions and correct answers, the results of each user, and which roles must pass before documenting.

CREATE TABLE IF NOT EXISTS elearning_definition (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- One e-learning per study definition; it covers every version of that definition.
  study_definition_id uuid NOT NULL UNIQUE REFERENCES study_definition (id),
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
  introduction text NOT NULL DEFAULT '',
  -- [{id, text, options: [{id, text}], correctOptionIds: [id]}]; checked by elearningDefinitionErrors of @ecrf/rules.
  questions jsonb NOT NULL CHECK (jsonb_typeof(questions) = 'array'),
  -- How many questions must be answered correctly to pass.
  pass_threshold integer NOT NULL CHECK (pass_threshold > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Every attempt is kept (append-only, like the audit trail); a user has passed when one attempt passed.
CREATE TABLE IF NOT EXISTS elearning_result (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  elearning_definition_id uuid NOT NULL REFERENCES elearning_definition (id),
  user_id uuid NOT NULL REFERENCES app_user (id),
  -- [{questionId, optionIds: [id]}]
  answers jsonb NOT NULL CHECK (jsonb_typeof(answers) = 'array'),
  correct_count integer NOT NULL CHECK (correct_count >= 0),
  question_count integer NOT NULL CHECK (question_count > 0),
  passed boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS elearning_result_user_idx ON elearning_result (user_id, elearning_definition_id, created_at DESC);

-- The require flag: users of these roles document in the study definition only after passing.
CREATE TABLE IF NOT EXISTS elearning_requirement (
  study_definition_id uuid NOT NULL REFERENCES study_definition (id),
  role_id uuid NOT NULL REFERENCES role (id),
  PRIMARY KEY (study_definition_id, role_id)
);
