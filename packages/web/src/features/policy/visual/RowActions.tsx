import { Button } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import styles from './visual.module.css';

type Props = {
  index: number;
  count: number;
  /** Accessible names of the three buttons, naming the row they act on. */
  labels: { up: string; down: string; remove: string };
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
};

/** Move up, move down and remove, for a row of the builder (a state, an event). */
export function RowActions({ index, count, labels, onMove, onRemove }: Props) {
  return (
    <div className={styles.rowActions}>
      <Button
        type="text"
        size="small"
        icon={<ArrowUpOutlined aria-hidden="true" />}
        disabled={index === 0}
        aria-label={labels.up}
        onClick={() => onMove(-1)}
      />
      <Button
        type="text"
        size="small"
        icon={<ArrowDownOutlined aria-hidden="true" />}
        disabled={index === count - 1}
        aria-label={labels.down}
        onClick={() => onMove(1)}
      />
      <Button
        type="text"
        size="small"
        danger
        icon={<DeleteOutlined aria-hidden="true" />}
        aria-label={labels.remove}
        onClick={onRemove}
      />
    </div>
  );
}
