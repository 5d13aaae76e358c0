import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Checkbox, FormControl, Select } from '@primer/react';
import {
  passwordStrengthErrors,
  validateName,
  validateOptionalEmail,
  validateOptionalPhone,
  validateRequired,
  validateUserName,
} from '@ecrf/rules';
import type { UserFormDialog_options$key } from '../../__generated__/UserFormDialog_options.graphql';
import type { UserFormDialog_user$key } from '../../__generated__/UserFormDialog_user.graphql';
import { TextField } from '../../components/TextField';
import { useFeedback } from '../../feedback/feedbackContext';
import { useCreateUserMutation } from '../../mutations/CreateUserMutation';
import { useUpdateUserMutation } from '../../mutations/UpdateUserMutation';
import { errorsByField, hasErrors, optional, validateFields, type FieldErrors, type UserErrorLike } from '../../administration/formErrors';
import { texts } from '../../texts';
import styles from '../../administration/AdminTable.module.css';
import { FormDialog } from '../../administration/FormDialog';

type Props = {
  options: UserFormDialog_options$key;
  /** null: create a user. */
  user: UserFormDialog_user$key | null;
  onClose: (saved: boolean) => void;
};

type Form = {
  userName: string;
  displayName: string;
  emailAddress: string;
  roleId: string;
  password: string;
  title: string;
  firstName: string;
  lastName: string;
  phone: string;
  locationIds: string[];
};

function validate(form: Form, creating: boolean): FieldErrors {
  const errors = validateFields({
    ...(creating ? { userName: [form.userName, [validateRequired, validateUserName]] } : {}),
    displayName: [form.displayName, [validateRequired]],
    emailAddress: [form.emailAddress, [validateOptionalEmail]],
    roleId: [form.roleId, [validateRequired]],
    'personData.firstName': [form.firstName, [optional(validateName)]],
    'personData.lastName': [form.lastName, [optional(validateName)]],
    'personData.phone': [form.phone, [validateOptionalPhone]],
  });
  // Administrator-set passwords need a special character too (ecrf-calls.md §5).
  if (creating) errors.password = passwordStrengthErrors(form.password, 'administrator');
  return errors;
}

/** Create or edit a user with person data; the rules of ecrf-calls.md §5 show at each field. */
export function UserFormDialog({ options, user, onClose }: Props) {
  const { roles, institutes } = useFragment(
    graphql`
      fragment UserFormDialog_options on Query {
        roles {
          edges {
            node {
              id
              displayName
            }
          }
        }
        institutes {
          edges {
            node {
              identifier
              displayName
              locations {
                id
                isDeleted
              }
            }
          }
        }
      }
    `,
    options,
  );
  const existing = useFragment(
    graphql`
      fragment UserFormDialog_user on User {
        id
        userName
        displayName
        emailAddress
        role {
          id
        }
        personData {
          title
          firstName
          lastName
          phone
        }
      }
    `,
    user,
  );
  const creating = existing == null;
  const [form, setForm] = useState<Form>({
    userName: existing?.userName ?? '',
    displayName: existing?.displayName ?? '',
    emailAddress: existing?.emailAddress ?? '',
    roleId: existing?.role.id ?? '',
    password: '',
    title: existing?.personData?.title ?? '',
    firstName: existing?.personData?.firstName ?? '',
    lastName: existing?.personData?.lastName ?? '',
    phone: existing?.personData?.phone ?? '',
    locationIds: [],
  });
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [create, creatingNow] = useCreateUserMutation();
  const [update, updatingNow] = useUpdateUserMutation();
  const feedback = useFeedback();

  const errors = validate(form, creating);
  const shown = (field: string): string[] => [...(touched.has(field) ? (errors[field] ?? []) : []), ...(serverErrors[field] ?? [])];
  const set = (field: keyof Form) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({
      ...current,
      [field === 'firstName' || field === 'lastName' || field === 'phone' ? `personData.${field}` : field]: [],
    }));
  };
  const blur = (field: string) => () => setTouched((current) => new Set(current).add(field));
  const locations = institutes.edges.flatMap(({ node }) =>
    node.locations.filter((l) => !l.isDeleted).map((l) => ({ id: l.id, label: `${node.identifier} - ${node.displayName}` })),
  );

  const submit = () => {
    setTouched(
      new Set([
        'userName',
        'displayName',
        'emailAddress',
        'roleId',
        'password',
        'personData.firstName',
        'personData.lastName',
        'personData.phone',
      ]),
    );
    if (hasErrors(errors)) return;
    const personData = {
      title: form.title || null,
      firstName: form.firstName || null,
      lastName: form.lastName || null,
      phone: form.phone || null,
    };
    const finish = (result: { readonly errors: readonly UserErrorLike[] } | null | undefined) => {
      const failures = result?.errors ?? [];
      if (failures.length > 0) {
        setServerErrors(errorsByField(failures));
        return;
      }
      feedback.showSnackbar(creating ? texts.users.created(form.userName) : texts.admin.saved);
      onClose(true);
    };
    if (existing == null) {
      create({
        variables: {
          input: {
            userName: form.userName,
            displayName: form.displayName,
            emailAddress: form.emailAddress || null,
            roleId: form.roleId,
            password: form.password,
            personData,
            locationIds: form.locationIds,
          },
        },
        onCompleted: (answer) => finish(answer.createUser),
      });
    } else {
      update({
        variables: {
          input: {
            id: existing.id,
            displayName: form.displayName,
            emailAddress: form.emailAddress || null,
            roleId: form.roleId,
            personData,
          },
        },
        onCompleted: (answer) => finish(answer.updateUser),
      });
    }
  };
  const busy = creatingNow || updatingNow;

  return (
    <FormDialog
      title={existing == null ? texts.users.create : texts.users.editTitle(existing.userName)}
      width="large"
      busy={busy}
      onSubmit={submit}
      onCancel={() => onClose(false)}
      formErrors={serverErrors[''] ?? []}
      className={styles.form}
    >
      {creating && (
        <TextField
          label={texts.users.userName}
          value={form.userName}
          onChange={set('userName')}
          onBlur={blur('userName')}
          required
          errors={shown('userName')}
          autoComplete="off"
        />
      )}
      <TextField
        label={texts.users.displayName}
        value={form.displayName}
        onChange={set('displayName')}
        onBlur={blur('displayName')}
        required
        errors={shown('displayName')}
      />
      <TextField
        label={texts.users.emailAddress}
        type="email"
        value={form.emailAddress}
        onChange={set('emailAddress')}
        onBlur={blur('emailAddress')}
        errors={shown('emailAddress')}
      />
      <FormControl>
        <FormControl.Label>{texts.users.role}</FormControl.Label>
        <Select value={form.roleId} onChange={(event) => set('roleId')(event.target.value)} onBlur={blur('roleId')} aria-required="true">
          <Select.Option value="">{texts.users.chooseRole}</Select.Option>
          {roles.edges.map(({ node }) => (
            <Select.Option key={node.id} value={node.id}>
              {node.displayName}
            </Select.Option>
          ))}
        </Select>
        {shown('roleId').length > 0 && <FormControl.Validation variant="error">{shown('roleId').join(', ')}</FormControl.Validation>}
      </FormControl>
      <div className={styles.pair}>
        <TextField label={texts.users.title} value={form.title} onChange={set('title')} />
        <TextField
          label={texts.users.phone}
          value={form.phone}
          onChange={set('phone')}
          onBlur={blur('personData.phone')}
          errors={shown('personData.phone')}
        />
        <TextField
          label={texts.users.firstName}
          value={form.firstName}
          onChange={set('firstName')}
          onBlur={blur('personData.firstName')}
          errors={shown('personData.firstName')}
        />
        <TextField
          label={texts.users.lastName}
          value={form.lastName}
          onChange={set('lastName')}
          onBlur={blur('personData.lastName')}
          errors={shown('personData.lastName')}
        />
      </div>
      {creating && (
        <>
          <TextField
            label={texts.users.password}
            type="password"
            value={form.password}
            onChange={set('password')}
            onBlur={blur('password')}
            required
            caption={texts.users.passwordHint}
            errors={shown('password')}
            autoComplete="new-password"
          />
          <fieldset>
            <legend>{texts.users.locations}</legend>
            {locations.map((location) => (
              <FormControl key={location.id}>
                <Checkbox
                  checked={form.locationIds.includes(location.id)}
                  onChange={(event) =>
                    setForm((current) => ({
                      ...current,
                      locationIds: event.target.checked
                        ? [...current.locationIds, location.id]
                        : current.locationIds.filter((id) => id !== location.id),
                    }))
                  }
                />
                <FormControl.Label>{location.label}</FormControl.Label>
              </FormControl>
            ))}
          </fieldset>
        </>
      )}
    </FormDialog>
  );
}
