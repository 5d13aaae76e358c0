import { useEffect, useId, useRef, useState } from 'react';
import { FormControl, IconButton, TextInput } from '@primer/react';
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, XIcon } from '@primer/octicons-react';
import type { FieldErrors } from '../../administration/formErrors';
import { texts } from '../../texts';
import { addItem, groupedChoices, moveItem, removeItem, type DataItem } from './genericExportForm';
import styles from './GenericExports.module.css';

const t = texts.genericExports;

type Props = {
  /** The study's items; null when the viewer may not read them (the chosen ones show by key). */
  items: readonly DataItem[] | null;
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
  /** Messages at `items` (the list) and `items.<index>` (one chosen item). */
  errors: FieldErrors;
  readOnly: boolean;
};

type Focus = { key: string; action: 'up' | 'down' };

/** Items picked from the study's items, grouped and filtered, and their column order changed with buttons. */
export function ExportItemPicker({ items, chosen, onChange, errors, readOnly }: Props) {
  const [filter, setFilter] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const pendingFocus = useRef<Focus | null>(null);
  const chosenHeading = useId();
  const availableHeading = useId();
  const byKey = new Map((items ?? []).map((item) => [item.key, item]));
  const labelOf = (key: string) => {
    const item = byKey.get(key);
    return item ? `${item.group} – ${item.label}` : t.unknownItem(key);
  };

  // A moved item keeps the keyboard focus on its button, or on the other one once it reached an end.
  useEffect(() => {
    const focus = pendingFocus.current;
    if (focus === null) return;
    pendingFocus.current = null;
    const index = chosen.indexOf(focus.key);
    const canMove = focus.action === 'up' ? index > 0 : index < chosen.length - 1;
    const action = canMove ? focus.action : focus.action === 'up' ? 'down' : 'up';
    const target = `${focus.key}/${action}`;
    [...(list.current?.querySelectorAll<HTMLButtonElement>('button[data-move]') ?? [])].find((b) => b.dataset.move === target)?.focus();
  }, [chosen]);

  const move = (index: number, step: -1 | 1, key: string) => {
    pendingFocus.current = { key, action: step === -1 ? 'up' : 'down' };
    onChange(moveItem(chosen, index, step));
  };
  const listErrors = errors.items ?? [];
  const groups = items === null ? [] : groupedChoices(items, chosen, filter);

  return (
    <div className={styles.picker}>
      {!readOnly && (
        <div className={styles.pickerColumn}>
          <h3 id={availableHeading} className={styles.subheading}>
            {t.available}
          </h3>
          {items === null ? (
            <p className={styles.muted}>{t.noItemsRight}</p>
          ) : (
            <>
              <FormControl>
                <FormControl.Label>{t.filter}</FormControl.Label>
                <TextInput block type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
              </FormControl>
              <div className={styles.choices} role="region" aria-labelledby={availableHeading} tabIndex={0}>
                {groups.map(([group, members]) => (
                  <section key={group} aria-label={group}>
                    <h4 className={styles.group}>{group}</h4>
                    <ul className={styles.itemList}>
                      {members.map((item) => (
                        <li key={item.key} className={styles.item}>
                          <span>{item.label}</span>
                          <IconButton
                            icon={PlusIcon}
                            size="small"
                            variant="invisible"
                            aria-label={t.add(`${item.group} – ${item.label}`)}
                            onClick={() => onChange(addItem(chosen, item.key))}
                          />
                        </li>
                      ))}
                    </ul>
                  </section>
                ))}
                {groups.length === 0 && <p className={styles.muted}>{t.noMatch}</p>}
              </div>
            </>
          )}
        </div>
      )}
      <div className={styles.pickerColumn}>
        <h3 id={chosenHeading} className={styles.subheading}>
          {t.chosen}
        </h3>
        {chosen.length === 0 && <p className={styles.muted}>{t.noneChosen}</p>}
        <ol ref={list} className={styles.chosenList} aria-labelledby={chosenHeading}>
          {chosen.map((key, index) => {
            const label = labelOf(key);
            const itemErrors = errors[`items.${index}`] ?? [];
            return (
              <li key={key} className={styles.chosenItem}>
                <span className={styles.chosenLabel}>
                  {label}
                  {itemErrors.length > 0 && <span className={styles.error}>{itemErrors.join(', ')}</span>}
                </span>
                {!readOnly && (
                  <span className={styles.chosenActions}>
                    <IconButton
                      data-move={`${key}/up`}
                      icon={ArrowUpIcon}
                      size="small"
                      aria-label={t.moveUp(label)}
                      disabled={index === 0}
                      onClick={() => move(index, -1, key)}
                    />
                    <IconButton
                      data-move={`${key}/down`}
                      icon={ArrowDownIcon}
                      size="small"
                      aria-label={t.moveDown(label)}
                      disabled={index === chosen.length - 1}
                      onClick={() => move(index, 1, key)}
                    />
                    <IconButton
                      icon={XIcon}
                      size="small"
                      variant="invisible"
                      aria-label={t.remove(label)}
                      onClick={() => onChange(removeItem(chosen, index))}
                    />
                  </span>
                )}
              </li>
            );
          })}
        </ol>
        {listErrors.length > 0 && (
          <p className={styles.error} role="alert">
            {listErrors.join(', ')}
          </p>
        )}
      </div>
    </div>
  );
}
