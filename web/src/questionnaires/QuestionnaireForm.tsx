import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Banner, Button, FormControl, Radio, RadioGroup, Stack } from '@primer/react';
import { unansweredItems } from '@ecrf/rules';
import type { QuestionnaireForm_questionnaire$key } from '../__generated__/QuestionnaireForm_questionnaire.graphql';
import { useSubmitQuestionnaireAnswersMutation } from '../mutations/SubmitQuestionnaireAnswersMutation';
import { texts } from '../texts';
import own from './Questionnaires.module.css';

const t = texts.patientQuestionnaire;

/**
 * A questionnaire as its respondent fills it in (the public page): one radio group per item, in plain German, all
 * required items answered before sending. Neither score nor anything else is shown after sending.
 */
export function QuestionnaireForm({
  questionnaire,
  accessCode,
  onSubmitted,
}: {
  questionnaire: QuestionnaireForm_questionnaire$key;
  accessCode: string;
  onSubmitted: () => void;
}) {
  const form = useFragment(
    graphql`
      fragment QuestionnaireForm_questionnaire on PatientQuestionnaireForm {
        instruction
        citation
        respondent
        items {
          key
          number
          text
          required
          options {
            code
            text
          }
        }
      }
    `,
    questionnaire,
  );
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<readonly { key: string; number: string }[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [submit, sending] = useSubmitQuestionnaireAnswersMutation();
  const summary = useRef<HTMLDivElement>(null);

  const send = (event: FormEvent) => {
    event.preventDefault();
    const chosen = Object.entries(answers).map(([itemId, code]) => ({ itemId, code }));
    const open = unansweredItems(
      form.items.map((item) => ({ ...item, id: item.key })),
      chosen,
    );
    setMissing(open);
    setFailure(null);
    if (open.length > 0) {
      // The summary names every open question; focus moves there so screen readers read it at once.
      requestAnimationFrame(() => summary.current?.focus());
      return;
    }
    submit({
      variables: { input: { accessCode, answers: chosen.map((a) => ({ itemKey: a.itemId, optionCode: a.code })) } },
      onCompleted: ({ submitQuestionnaireAnswers: result }) => {
        if (result.submitted) onSubmitted();
        else setFailure(result.errors.map((e) => e.message).join(' ') || t.submitFailed);
      },
      onError: () => setFailure(t.submitFailed),
    });
  };

  const isMissing = (key: string) => missing.some((item) => item.key === key) && answers[key] === undefined;
  return (
    <form onSubmit={send} noValidate aria-label={form.instruction}>
      <Stack gap="normal">
        <p>{form.respondent === 'STAFF' ? t.staffIntro : t.intro}</p>
        <p className={own.instruction}>{form.instruction}</p>
        {missing.length > 0 && (
          <div ref={summary} tabIndex={-1} role="alert" className={own.summary}>
            <strong>{t.missingHeading}</strong>
            <ul>
              {missing.map((item) => (
                <li key={item.key}>
                  <a href={`#item-${item.key}`}>{t.unanswered(item.number)}</a>
                </li>
              ))}
            </ul>
          </div>
        )}
        {form.items.map((item) => (
          <RadioGroup
            key={item.key}
            id={`item-${item.key}`}
            name={`item-${item.key}`}
            className={own.item}
            onChange={(value) => value !== null && setAnswers((current) => ({ ...current, [item.key]: value }))}
          >
            <RadioGroup.Label className={own.itemLabel}>
              {`${item.number}. ${item.text}`}
              {!item.required && <span className={own.optional}> {t.optional}</span>}
            </RadioGroup.Label>
            {item.options.map((option) => (
              <FormControl key={option.code} className={own.option}>
                <Radio value={option.code} />
                <FormControl.Label>{option.text}</FormControl.Label>
              </FormControl>
            ))}
            {isMissing(item.key) && <RadioGroup.Validation variant="error">{t.unanswered(item.number)}</RadioGroup.Validation>}
          </RadioGroup>
        ))}
        {failure && <Banner variant="critical" title={t.submitFailed} hideTitle description={failure} role="alert" />}
        <div>
          <Button type="submit" variant="primary" size="large" block disabled={sending}>
            {sending ? t.submitting : t.submit}
          </Button>
        </div>
        <p className={own.help}>{t.help}</p>
        <p className={own.citation}>
          {t.source}: {form.citation}
        </p>
      </Stack>
    </form>
  );
}
