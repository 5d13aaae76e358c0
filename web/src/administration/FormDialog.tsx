import type { ReactNode } from 'react';
import { Dialog } from '@primer/react';
import { texts } from '../texts';

type Props = {
  title: string;
  width?: 'medium' | 'large' | 'xlarge';
  busy: boolean;
  submitLabel?: string;
  onSubmit: () => void;
  onCancel: () => void;
  /** Errors of the whole form (not of one field), e.g. from the server. */
  formErrors?: readonly string[];
  className?: string;
  children: ReactNode;
};

/** The dialog frame of every administration form: cancel and save in the footer, Enter saves too. */
export function FormDialog({
  title,
  width,
  busy,
  submitLabel = texts.admin.save,
  onSubmit,
  onCancel,
  formErrors = [],
  className,
  children,
}: Props) {
  return (
    <Dialog
      title={title}
      width={width}
      onClose={onCancel}
      footerButtons={[
        { content: texts.admin.cancel, onClick: onCancel },
        { content: busy ? texts.admin.saving : submitLabel, buttonType: 'primary', disabled: busy, onClick: onSubmit },
      ]}
    >
      <form
        className={className}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {formErrors.length > 0 && <p role="alert">{formErrors.join(', ')}</p>}
        {children}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </form>
    </Dialog>
  );
}
