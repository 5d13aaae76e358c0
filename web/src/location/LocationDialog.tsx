import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Dialog, FormControl, Radio, RadioGroup } from '@primer/react';
import type { LocationDialog_viewer$key } from '../__generated__/LocationDialog_viewer.graphql';
import type { LocationDialog_clientConfig$key } from '../__generated__/LocationDialog_clientConfig.graphql';
import { texts } from '../texts';
import styles from './LocationDialog.module.css';

type Props = {
  viewer: LocationDialog_viewer$key;
  clientConfig: LocationDialog_clientConfig$key;
  /** The stored choice, preselected when the dialog is reopened from the top bar. */
  selectedId: string | null;
  /** False right after sign-in: a location-bound user must choose before documenting. */
  dismissible: boolean;
  onConfirm: (locationId: string) => void;
  onDismiss: () => void;
};

/** Standortauswahl (ecrf-core.md §2, §5): a required choice, validated on open, max width 600px. */
export function LocationDialog({ viewer, clientConfig, selectedId, dismissible, onConfirm, onDismiss }: Props) {
  const { locations } = useFragment(
    graphql`
      fragment LocationDialog_viewer on Viewer {
        locations {
          id
          identifier
          displayName
        }
      }
    `,
    viewer,
  );
  const { supportPhone, supportEmail } = useFragment(
    graphql`
      fragment LocationDialog_clientConfig on ClientConfig {
        supportPhone
        supportEmail
      }
    `,
    clientConfig,
  );
  const [choice, setChoice] = useState<string | null>(
    selectedId !== null && locations.some((location) => location.id === selectedId) ? selectedId : null,
  );
  const invalid = choice === null;

  const buttons = [
    ...(dismissible ? [{ content: texts.location.cancel, onClick: onDismiss }] : []),
    {
      content: texts.location.ok,
      buttonType: 'primary' as const,
      disabled: invalid,
      onClick: () => {
        if (choice !== null) onConfirm(choice);
      },
    },
  ];

  return (
    <Dialog
      title={texts.location.title}
      width="600px"
      className={styles.dialog}
      onClose={() => {
        if (dismissible) onDismiss();
      }}
      renderHeader={
        dismissible
          ? undefined
          : ({ dialogLabelId, title }) => (
              // Same look as Primer's default header, without the close button: the choice is required.
              <Dialog.Header>
                <div className={styles.headerContent}>
                  <Dialog.Title id={dialogLabelId}>{title}</Dialog.Title>
                </div>
              </Dialog.Header>
            )
      }
      footerButtons={buttons}
    >
      <p className={styles.question}>{texts.location.question}</p>
      {locations.length === 0 ? (
        <p>{texts.location.noLocations}</p>
      ) : (
        <RadioGroup name="location" required onChange={(selected) => setChoice(selected)}>
          <RadioGroup.Label>{texts.location.listLabel}</RadioGroup.Label>
          <div className={styles.list}>
            {locations.map((location) => (
              <FormControl key={location.id}>
                <Radio value={location.id} checked={choice === location.id} onChange={() => setChoice(location.id)} />
                <FormControl.Label>{texts.location.label(location.identifier, location.displayName)}</FormControl.Label>
              </FormControl>
            ))}
          </div>
          {invalid && <RadioGroup.Validation variant="error">{texts.location.required}</RadioGroup.Validation>}
        </RadioGroup>
      )}
      {invalid && <p className={styles.help}>{texts.location.missingHelp(supportPhone, supportEmail)}</p>}
    </Dialog>
  );
}
