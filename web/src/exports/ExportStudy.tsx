/**
 * The study of the export screens (issue 26 item 2). A location-bound role exports from the study of its selected
 * location; a role without a location (researcher, evaluation, project management) chooses the study on the
 * screen, among the studies of the locations the graph lets it see. The choice is the route's `?study=`, so the
 * route's loader preloads the screen's query with it.
 */
import { Suspense, useCallback, useEffect, type ReactNode } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { Banner, FormControl, Select } from '@primer/react';
import { hasRight } from '@ecrf/rules';
import type { ExportStudyQuery } from '../__generated__/ExportStudyQuery.graphql';
import { useStudyScope } from '../layout/studyScope';
import { getStoredRights, getStoredStudyId } from '../session/sessionStore';
import { texts } from '../texts';
import styles from './Exports.module.css';

const STUDY_PARAMETER = 'study';
/**
 * Locations asked for to find their studies: more would exceed the graph's cost limit. A registry has one study
 * or a few; a study whose locations all lie beyond the first 100 would not be offered.
 */
const LOCATIONS_PAGE = 100;
const t = texts.exportStudy;

/** The study a route loader preloads for: the selected location's, else the one chosen on the screen. */
export function exportStudyOfRoute(route: LoaderFunctionArgs): string | null {
  return getStoredStudyId() ?? new URL(route.request.url).searchParams.get(STUDY_PARAMETER);
}

/** The screen's study and, for a role without a location, the control that chooses it. */
export function useExportStudy(): { studyId: string | null; choice: ReactNode } {
  const scope = useStudyScope();
  const [parameters, setParameters] = useSearchParams();
  const choose = useCallback(
    (studyId: string, replace: boolean) => setParameters({ [STUDY_PARAMETER]: studyId }, { replace }),
    [setParameters],
  );
  if (scope !== null) return { studyId: scope.studyId, choice: null };
  const chosen = parameters.get(STUDY_PARAMETER);
  return {
    studyId: chosen,
    choice: (
      <Suspense fallback={null}>
        <StudyChoice chosen={chosen} onChoose={choose} />
      </Suspense>
    ),
  };
}

type Study = { id: string; label: string };

/**
 * The studies of the locations the viewer may list: the institute overview (researcher, evaluation, project
 * management) or the institutes with their locations (administration). The names need StudyGetCmd; without it the
 * studies are numbered.
 */
function StudyChoice({ chosen, onChoose }: { chosen: string | null; onChoose: (studyId: string, replace: boolean) => void }) {
  const rights = getStoredRights() ?? [];
  const data = useLazyLoadQuery<ExportStudyQuery>(
    graphql`
      query ExportStudyQuery($first: Int!, $withOverview: Boolean!, $withInstitutes: Boolean!) {
        instituteOverview(first: $first) @include(if: $withOverview) {
          edges {
            node {
              location {
                study {
                  id
                  identifier
                  displayName
                }
              }
            }
          }
        }
        institutes(first: $first) @include(if: $withInstitutes) {
          edges {
            node {
              locations {
                study {
                  id
                  identifier
                  displayName
                }
              }
            }
          }
        }
      }
    `,
    {
      first: LOCATIONS_PAGE,
      withOverview: hasRight(rights, 'StudyInstituteGetOverviewCmd'),
      withInstitutes: hasRight(rights, 'InstituteGetAllCmd') && hasRight(rights, 'StudyInstituteGetAllCmd'),
    },
  );
  const found = [
    ...(data.instituteOverview?.edges.map((edge) => edge.node.location.study) ?? []),
    ...(data.institutes?.edges.flatMap((edge) => edge.node.locations.map((location) => location.study)) ?? []),
  ];
  const studies: Study[] = [...new Map(found.map((study) => [study.id, study])).values()].map((study, index) => ({
    id: study.id,
    label: study.displayName ?? study.identifier ?? t.numbered(index + 1),
  }));
  const firstStudy = studies[0]?.id;
  useEffect(() => {
    if (chosen === null && firstStudy !== undefined) onChoose(firstStudy, true);
  }, [chosen, firstStudy, onChoose]);
  if (studies.length === 0) return <Banner variant="warning" title={t.none} />;
  return (
    <FormControl className={styles.study}>
      <FormControl.Label>{t.label}</FormControl.Label>
      <Select value={chosen ?? ''} onChange={(event) => onChoose(event.target.value, false)}>
        {studies.map((study) => (
          <Select.Option key={study.id} value={study.id}>
            {study.label}
          </Select.Option>
        ))}
      </Select>
      <FormControl.Caption>{t.caption}</FormControl.Caption>
    </FormControl>
  );
}
