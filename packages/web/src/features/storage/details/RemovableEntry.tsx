import type { ReactNode } from 'react';
import { Button, Form } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import styles from './ObjectEditor.module.css';

/** One entry of an editable list: a named group with its remove button in the corner. */
export function RemovableEntry({
  legend,
  removeLabel,
  onRemove,
  testId,
  children,
}: {
  legend: string;
  removeLabel: string;
  onRemove: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <fieldset className={styles.entry} data-testid={testId}>
      <legend className="visually-hidden">{legend}</legend>
      {children}
      <Button
        className={styles.remove}
        type="text"
        size="small"
        danger
        icon={<DeleteOutlined aria-hidden />}
        aria-label={removeLabel}
        onClick={onRemove}
      />
    </fieldset>
  );
}

interface FormListEditorProps<T> {
  /** The list's field in the form. */
  name: string;
  /** Texts: none yet, one entry's legend and remove button, the add button. */
  texts: { none: string; legend: (number: number) => string; remove: (number: number) => string; add: string };
  testId: string;
  max: number;
  newEntry: () => T;
  renderEntry: (index: number, fields: readonly { name: number }[]) => ReactNode;
}

/** A Form.List of removable entries with an add button (property descriptors, object dependencies). */
export function FormListEditor<T>({ name, texts, testId, max, newEntry, renderEntry }: FormListEditorProps<T>) {
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <div className={styles.list}>
          {fields.length === 0 ? <p className={styles.none}>{texts.none}</p> : null}
          {fields.map(({ key, name: index }) => (
            <RemovableEntry
              key={key}
              legend={texts.legend(index + 1)}
              removeLabel={texts.remove(index + 1)}
              onRemove={() => remove(index)}
              testId={testId}
            >
              {renderEntry(index, fields)}
            </RemovableEntry>
          ))}
          <Button icon={<PlusOutlined aria-hidden />} onClick={() => add(newEntry())} disabled={fields.length >= max}>
            {texts.add}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
