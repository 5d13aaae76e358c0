import { useState } from 'react';
import { commitMutation, useRelayEnvironment } from 'react-relay';
import { Button, Checkbox, FormControl, Select, TextInput } from '@primer/react';
import type { ExportKind } from '../__generated__/ExportsScreenQuery.graphql';
import { useFeedback } from '../feedback/feedbackContext';
import { START_EXPORT_MUTATIONS, type StartExportPayload } from '../mutations/StartExportMutations';
import { DayMonthYearField } from '../components/DayMonthYearField';
import { texts } from '../texts';
import { EMPTY_FORM, formProblems, KIND_PARAMETERS, startInput, type ExportForm, type ExportParameter } from './exportParameters';
import styles from './Exports.module.css';

const t = texts.exportJobs;

type Props = { studyId: string; kinds: readonly ExportKind[]; onStarted: () => void };

const DATE_LABELS = { fromDate: t.fromDate, toDate: t.toDate, previousFromDate: t.previousFromDate } as const;

function dateHint(kind: ExportKind, parameter: 'fromDate' | 'toDate' | 'previousFromDate'): string | null {
  if (parameter === 'toDate') return t.toDateHint;
  if (parameter === 'previousFromDate') return t.previousFromDateHint;
  return t.fromDateHint[kind as keyof typeof t.fromDateHint] ?? null;
}

/** Starts an export of a kind the viewer may start, with the kind's parameters (the server fills its defaults). */
export function StartExportForm({ studyId, kinds, onStarted }: Props) {
  const environment = useRelayEnvironment();
  const { showAlert, showSnackbar } = useFeedback();
  const [kind, setKind] = useState<ExportKind | ''>(kinds.length === 1 ? (kinds[0] ?? '') : '');
  const [form, setForm] = useState<ExportForm>(EMPTY_FORM);
  const [serverProblems, setServerProblems] = useState<{ field: string; message: string }[]>([]);
  const [starting, setStarting] = useState(false);
  // A missing date is shown once the user tried to start, not before they could type it.
  const [attempted, setAttempted] = useState(false);
  const parameters: readonly ExportParameter[] = kind === '' ? [] : KIND_PARAMETERS[kind];
  const problems = kind === '' ? [] : formProblems(kind, form);
  const problemOf = (field: ExportParameter): string | null => {
    const local = problems.find((problem) => problem.field === field && (attempted || problem.message !== 'fromRequired'));
    if (local) return t[local.message];
    return serverProblems.find((problem) => problem.field === field)?.message ?? null;
  };

  const submit = () => {
    setAttempted(true);
    if (kind === '' || problems.length > 0) return;
    const entry = START_EXPORT_MUTATIONS[kind];
    if (!entry) return;
    setStarting(true);
    setServerProblems([]);
    commitMutation(environment, {
      mutation: entry.mutation,
      variables: { input: startInput(kind, studyId, form) },
      onCompleted: (response) => {
        setStarting(false);
        const payload = (response as Record<string, StartExportPayload>)[entry.field];
        if (payload?.exportJob) {
          showSnackbar(t.started);
          onStarted();
          return;
        }
        const errors = payload?.errors ?? [];
        setServerProblems(errors.map((error) => ({ field: error.path.at(-1) ?? '', message: error.message })));
        if (errors.length === 0 || errors.every((error) => error.path.length === 0)) showAlert(errors[0]?.message ?? texts.admin.forbidden);
      },
      onError: (error) => {
        setStarting(false);
        showAlert(error.message);
      },
    });
  };

  return (
    <form
      className={styles.form}
      aria-label={t.startHeading}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <FormControl required>
        <FormControl.Label>{t.kind}</FormControl.Label>
        <Select
          value={kind}
          onChange={(event) => {
            setKind(event.target.value as ExportKind);
            setServerProblems([]);
            setAttempted(false);
          }}
        >
          <Select.Option value="" disabled>
            {t.chooseKind}
          </Select.Option>
          {kinds.map((option) => (
            <Select.Option key={option} value={option}>
              {t.kinds[option as keyof typeof t.kinds] ?? option}
            </Select.Option>
          ))}
        </Select>
      </FormControl>
      {parameters.map((parameter) => {
        if (parameter === 'since') {
          const problem = problemOf('since');
          return (
            <div key={parameter}>
              <DayMonthYearField
                label={t.since}
                value={form.since}
                onChange={(since) => setForm({ ...form, since })}
                required={false}
                showRequiredMark={false}
                errors={problem ? [problem] : []}
              />
              {!problem && <p className={styles.hint}>{t.sinceHint}</p>}
            </div>
          );
        }
        if (parameter === 'exportEmptyTables' || parameter === 'asXlsx') {
          return (
            <FormControl key={parameter}>
              <Checkbox checked={form[parameter]} onChange={(event) => setForm({ ...form, [parameter]: event.target.checked })} />
              <FormControl.Label>{t[parameter]}</FormControl.Label>
            </FormControl>
          );
        }
        const problem = problemOf(parameter);
        const hint = kind === '' ? null : dateHint(kind, parameter);
        return (
          <FormControl key={parameter} required={kind === 'CHANGES_EXPORT' && parameter === 'fromDate'}>
            <FormControl.Label>{DATE_LABELS[parameter]}</FormControl.Label>
            <TextInput type="date" value={form[parameter]} onChange={(event) => setForm({ ...form, [parameter]: event.target.value })} />
            {problem ? (
              <FormControl.Validation variant="error">{problem}</FormControl.Validation>
            ) : (
              hint && <FormControl.Caption>{hint}</FormControl.Caption>
            )}
          </FormControl>
        );
      })}
      <Button type="submit" variant="primary" disabled={kind === '' || starting}>
        {t.start}
      </Button>
    </form>
  );
}
