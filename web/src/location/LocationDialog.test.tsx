import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import type { LocationDialogTestQuery } from '../__generated__/LocationDialogTestQuery.graphql';
import { LocationDialog } from './LocationDialog';
import { renderWithProviders } from '../testing/renderWithProviders';

type HarnessProps = { selectedId: string | null; dismissible: boolean; onConfirm: (id: string) => void; onDismiss: () => void };

function Harness(props: HarnessProps) {
  const data = useLazyLoadQuery<LocationDialogTestQuery>(
    graphql`
      query LocationDialogTestQuery @relay_test_operation {
        viewer {
          ...LocationDialog_viewer
        }
        clientConfig {
          ...LocationDialog_clientConfig
        }
      }
    `,
    {},
  );
  return <LocationDialog viewer={data.viewer} clientConfig={data.clientConfig} {...props} />;
}

function setup(props: Partial<HarnessProps> = {}) {
  const environment = createMockEnvironment();
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, {
      Viewer: () => ({
        locations: [
          { id: 'loc-1', identifier: '0101', displayName: 'Universitätsklinikum Köln' },
          { id: 'loc-2', identifier: '0202', displayName: 'Klinikum Essen' },
        ],
      }),
      ClientConfig: () => ({ supportPhone: '0221 478-0', supportEmail: 'office@example.org' }),
    }),
  );
  const onConfirm = vi.fn();
  const onDismiss = vi.fn();
  renderWithProviders(
    <Suspense fallback="…">
      <Harness selectedId={null} dismissible={false} onConfirm={onConfirm} onDismiss={onDismiss} {...props} />
    </Suspense>,
    { environment },
  );
  return { onConfirm, onDismiss, user: userEvent.setup() };
}

const help =
  'Falls Ihr gewünschter Standort fehlt, wenden Sie sich bitte an die Netzwerkgeschäftsstelle: Telefon 0221 478-0, E-Mail office@example.org.';

describe('LocationDialog', () => {
  it('is titled Standortauswahl, lists "identifier - displayName" and is invalid on open', () => {
    setup();
    const dialog = screen.getByRole('dialog', { name: 'Standortauswahl' });
    expect(within(dialog).getByText('Für welchen Standort dokumentieren Sie?')).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: '0101 - Universitätsklinikum Köln' })).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: '0202 - Klinikum Essen' })).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'OK' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).getByText(help)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Abbrechen' })).toBeNull();
  });

  it('enables OK once a location is chosen and confirms it', async () => {
    const { onConfirm, user } = setup();
    await user.click(screen.getByRole('radio', { name: '0202 - Klinikum Essen' }));
    expect(screen.queryByText(help)).toBeNull();
    const ok = screen.getByRole('button', { name: 'OK' }) as HTMLButtonElement;
    expect(ok.disabled).toBe(false);
    await user.click(ok);
    expect(onConfirm).toHaveBeenCalledWith('loc-2');
  });

  it('can be operated with the keyboard', async () => {
    const { onConfirm, user } = setup();
    const first = screen.getByRole('radio', { name: '0101 - Universitätsklinikum Köln' });
    first.focus();
    await user.keyboard(' ');
    expect((first as HTMLInputElement).checked).toBe(true);
    screen.getByRole('button', { name: 'OK' }).focus();
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledWith('loc-1');
  });

  it('preselects the stored location and can be cancelled when reopened', async () => {
    const { onDismiss, user } = setup({ selectedId: 'loc-1', dismissible: true });
    expect((screen.getByRole('radio', { name: '0101 - Universitätsklinikum Köln' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(onDismiss).toHaveBeenCalled();
  });
});
