import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Banner, Button, Checkbox, CheckboxGroup, FormControl, Heading, Radio, RadioGroup, Stack } from '@primer/react';
import type { ElearningForm_studyDefinition$key } from '../__generated__/ElearningForm_studyDefinition.graphql';
import { useSubmitElearningResultMutation } from '../mutations/SubmitElearningResultMutation';
import { commitMutationAsync } from '../relay/commitMutationAsync';
import { texts } from '../texts';
import styles from '../administration/AdminTable.module.css';

const t = texts.elearning;
type Answers = Readonly<Record<string, readonly string[]>>;
type Outcome = { variant: 'success' | 'warning' | 'critical'; title: string } | null;

type Props = { studyDefinition: ElearningForm_studyDefinition$key };

/**
 * A study definition's e-learning: one radio group per question (check boxes when several options are right).
 * Every submission starts from an empty form again, also a failed save (ecrf-calls.md §8), so no half-kept
 * answers look saved.
 */
export function ElearningForm({ studyDefinition }: Props) {
  const definition = useFragment(
    graphql`
      fragment ElearningForm_studyDefinition on StudyDefinition {
        id
        displayName
        viewerElearningRequirement {
          required
          passed
        }
        elearning {
          title
          introduction
          passThreshold
          questions {
            key
            text
            multipleChoice
            options {
              key
              text
            }
          }
        }
      }
    `,
    studyDefinition,
  );
  const [answers, setAnswers] = useState<Answers>({});
  // Bumped to remount the groups empty (Primer's groups keep their own checked state).
  const [generation, setGeneration] = useState(0);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [commit, saving] = useSubmitElearningResultMutation();
  const { elearning } = definition;
  if (!elearning) return null;

  const reset = (next: Outcome) => {
    setAnswers({});
    setGeneration((n) => n + 1);
    setOutcome(next);
  };
  const complete = elearning.questions.every((q) => (answers[q.key]?.length ?? 0) > 0);
  const submit = async () => {
    const input = {
      studyDefinitionId: definition.id,
      answers: elearning.questions.map((q) => ({ questionKey: q.key, optionKeys: [...(answers[q.key] ?? [])] })),
    };
    try {
      const { submitElearningResult: payload } = await commitMutationAsync(commit, { input });
      const result = payload.result;
      if (!result || payload.errors.length > 0) return reset({ variant: 'critical', title: t.saveFailed });
      reset(
        result.passed
          ? { variant: 'success', title: t.passed(result.correctCount, result.questionCount) }
          : { variant: 'warning', title: t.failed(result.correctCount, result.questionCount, elearning.passThreshold) },
      );
    } catch {
      reset({ variant: 'critical', title: t.saveFailed });
    }
  };

  const requirement = definition.viewerElearningRequirement;
  return (
    <form
      aria-labelledby={`elearning-${definition.id}`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="normal">
        <Heading as="h2" id={`elearning-${definition.id}`} className={styles.heading}>
          {elearning.title}
        </Heading>
        {outcome && <Banner variant={outcome.variant} title={outcome.title} />}
        {requirement?.passed === true && !outcome && <Banner variant="success" title={t.alreadyPassed} />}
        {requirement?.required === true && !requirement.passed && <Banner variant="warning" title={t.required} />}
        {requirement?.required === false && <p>{t.notRequired}</p>}
        <p>{elearning.introduction}</p>
        <p>{t.threshold(elearning.passThreshold, elearning.questions.length)}</p>
        {elearning.questions.map((question, index) => {
          const label = `${index + 1}. ${question.text}`;
          const choose = (optionKey: string, checked: boolean) =>
            setAnswers((current) => {
              const chosen = current[question.key] ?? [];
              const next = question.multipleChoice
                ? checked
                  ? [...chosen, optionKey]
                  : chosen.filter((key) => key !== optionKey)
                : [optionKey];
              return { ...current, [question.key]: next };
            });
          return question.multipleChoice ? (
            <CheckboxGroup key={`${generation}-${question.key}`}>
              <CheckboxGroup.Label>{label}</CheckboxGroup.Label>
              <CheckboxGroup.Caption>{t.multipleChoice}</CheckboxGroup.Caption>
              {question.options.map((option) => (
                <FormControl key={option.key}>
                  <Checkbox value={option.key} onChange={(event) => choose(option.key, event.target.checked)} />
                  <FormControl.Label>{option.text}</FormControl.Label>
                </FormControl>
              ))}
            </CheckboxGroup>
          ) : (
            <RadioGroup
              key={`${generation}-${question.key}`}
              name={`${definition.id}-${question.key}-${generation}`}
              onChange={(value) => value && choose(value, true)}
            >
              <RadioGroup.Label>{label}</RadioGroup.Label>
              {question.options.map((option) => (
                <FormControl key={option.key}>
                  <Radio value={option.key} />
                  <FormControl.Label>{option.text}</FormControl.Label>
                </FormControl>
              ))}
            </RadioGroup>
          );
        })}
        <div>
          <Button type="submit" variant="primary" disabled={!complete || saving}>
            {saving ? t.submitting : t.submit}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
