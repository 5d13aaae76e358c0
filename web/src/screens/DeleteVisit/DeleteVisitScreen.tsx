import { givenReason, TEXT_LIMITS } from '@ecrf/rules';
import { useState } from 'react';
import { graphql, usePreloadedQuery } from 'react-relay';
import { useNavigate } from 'react-router';
import { Banner, Button, FormControl, Textarea } from '@primer/react';
import deleteVisitScreenQueryNode from '../../__generated__/DeleteVisitScreenQuery.graphql';
import type { DeleteVisitScreenQuery } from '../../__generated__/DeleteVisitScreenQuery.graphql';
import { PatientHeader } from '../../patients/PatientHeader';
import { useDefinitionText } from '../../patients/useDefinitionText';
import { StateLabel } from '../../patients/StateLabel';
import { formatDay } from '../../patients/dates';
import { useDeleteVisitMutation } from '../../mutations/DeleteVisitMutation';
import { useFeedback } from '../../feedback/feedbackContext';
import { texts } from '../../texts';
import styles from '../../patients/Patient.module.css';
import adminStyles from '../../administration/AdminTable.module.css';
import { defineScreenQuery } from '../../layout/AppShell';
import { useScreenReference } from '../../layout/screenQuery';

const t = texts.visit;

/** The route preloads the screen's query with these variables. */
export const deleteVisitScreenQuery = defineScreenQuery<DeleteVisitScreenQuery>(deleteVisitScreenQueryNode, ({ params }) => ({
  visitId: params.visitId ?? '',
}));

/** /deleteVisit/{visitId}: deletes a visit with the reason for change, which the audit trail keeps. */
export function DeleteVisitScreen() {
  const data = usePreloadedQuery<DeleteVisitScreenQuery>(
    graphql`
      query DeleteVisitScreenQuery($visitId: ID!) {
        ...AppShell_query
        visit(id: $visitId) {
          id
          state
          visitDate
          definition {
            displayKey
          }
          instruments {
            id
          }
          studyPatient {
            id
            viewerCan {
              deleteVisit
            }
            definitionVersion {
              ...useDefinitionText_definitionVersion
            }
            ...PatientHeader_studyPatient
          }
        }
      }
    `,
    useScreenReference(deleteVisitScreenQuery),
  );
  const visit = data.visit;
  if (!visit) return <Banner variant="critical" title={t.notFound} />;
  if (!visit.studyPatient.viewerCan.deleteVisit) return <Banner variant="critical" title={texts.admin.forbidden} />;
  return <DeleteVisitForm visit={visit} />;
}

type Props = { visit: NonNullable<DeleteVisitScreenQuery['response']['visit']> };

function DeleteVisitForm({ visit }: Props) {
  const text = useDefinitionText(visit.studyPatient.definitionVersion);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [remove, removing] = useDeleteVisitMutation();
  const feedback = useFeedback();
  const navigate = useNavigate();
  const name = visit.definition ? text(visit.definition.displayKey) : '–';
  const visitPath = `/patient/${encodeURIComponent(visit.studyPatient.id)}/visit/${encodeURIComponent(visit.id)}`;
  const submit = () => {
    const reasonForChange = givenReason(reason);
    if (reasonForChange === null) {
      setError(t.reasonRequired);
      return;
    }
    remove({
      variables: { input: { id: visit.id, reasonForChange } },
      onCompleted: ({ deleteVisit }) => {
        if (deleteVisit.errors.length > 0) setError(deleteVisit.errors.map((e) => e.message).join(', '));
        else {
          feedback.showSnackbar(t.deleted);
          navigate(`/patient/${encodeURIComponent(visit.studyPatient.id)}`, { replace: true });
        }
      },
    });
  };
  return (
    <>
      <PatientHeader studyPatient={visit.studyPatient} title={t.deleteHeading(name)} />
      <p className={styles.labels}>
        <StateLabel state={visit.state} />
        <span className={styles.muted}>
          {t.visitDate}: {formatDay(visit.visitDate)} · {texts.patient.instruments}: {visit.instruments.length}
        </span>
      </p>
      <form
        className={adminStyles.form}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p>{t.deleteIntro}</p>
        <FormControl required>
          <FormControl.Label>{t.reasonForChange}</FormControl.Label>
          <Textarea block maxLength={TEXT_LIMITS.reasonForChange} value={reason} onChange={(event) => setReason(event.target.value)} />
          {error && <FormControl.Validation variant="error">{error}</FormControl.Validation>}
        </FormControl>
        <div className={styles.actions}>
          <Button type="submit" variant="danger" disabled={removing}>
            {t.deleteSubmit}
          </Button>
          <Button type="button" onClick={() => navigate(visitPath)}>
            {t.cancel}
          </Button>
        </div>
      </form>
    </>
  );
}
