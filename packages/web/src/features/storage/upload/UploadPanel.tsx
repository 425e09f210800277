import { useId, useState } from 'react';
import { Button, Progress } from 'antd';
import { CloseOutlined, DeleteOutlined, DownOutlined, RedoOutlined, UpOutlined } from '@ant-design/icons';
import { formatFileSize } from '@tessera/domain';
import { useT } from '../../../shared/i18n';
import { taskStatusText } from './task-status';
import { isActive, isFinished, type UploadQueue, type UploadTask } from './upload-queue';
import styles from './UploadPanel.module.css';

/** The uploads of this visit, fixed at the bottom right; it can be folded to its heading. */
export function UploadPanel({ queue, tasks }: { queue: UploadQueue; tasks: readonly UploadTask[] }) {
  const t = useT();
  const headingId = useId();
  const listId = useId();
  const [expanded, setExpanded] = useState(true);
  if (tasks.length === 0) return null;

  const finished = tasks.filter(isFinished).length;
  const clearable = tasks.some((task) => isFinished(task) && task.state.phase !== 'failed');
  return (
    <section className={styles.panel} aria-labelledby={headingId} data-testid="upload-panel">
      <header className={styles.header}>
        <h2 id={headingId} className={styles.heading}>
          {t('storagePage.tasks.title')}
        </h2>
        <span className={styles.summary}>{t('storagePage.tasks.summary', { finished, total: tasks.length })}</span>
        {clearable ? (
          <Button size="small" type="text" onClick={() => queue.clearFinished()}>
            {t('storagePage.tasks.clearFinished')}
          </Button>
        ) : null}
        <Button
          size="small"
          type="text"
          icon={expanded ? <DownOutlined aria-hidden /> : <UpOutlined aria-hidden />}
          aria-label={t(expanded ? 'storagePage.tasks.collapse' : 'storagePage.tasks.expand')}
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((value) => !value)}
        />
      </header>
      <ul id={listId} className={styles.list} hidden={!expanded}>
        {tasks.map((task) => (
          <TaskRow key={task.id} task={task} queue={queue} />
        ))}
      </ul>
    </section>
  );
}

function TaskRow({ task, queue }: { task: UploadTask; queue: UploadQueue }) {
  const t = useT();
  const { state } = task;
  const status = taskStatusText(state, t);
  const percent = state.phase === 'hashing' || state.phase === 'uploading' ? state.percent : undefined;
  const tone = state.phase === 'failed' ? styles.failed : state.phase === 'done' ? styles.done : '';
  const name = task.file.name;
  return (
    <li className={styles.task} data-testid="upload-task" data-phase={state.phase}>
      <div className={styles.taskMain}>
        <span className={styles.name} title={name}>
          {name}
        </span>
        <span className={styles.meta}>
          {task.bucketName} · {formatFileSize(task.file.size)}
        </span>
        <span className={`${styles.status} ${tone}`}>{status}</span>
        {percent !== undefined ? (
          <Progress
            percent={percent}
            size="small"
            showInfo={false}
            aria-label={t('storagePage.tasks.progress', { name, status })}
          />
        ) : null}
      </div>
      <div className={styles.actions}>
        {isActive(task) ? (
          <Button
            size="small"
            type="text"
            icon={<CloseOutlined aria-hidden />}
            aria-label={t('storagePage.tasks.cancel', { name })}
            onClick={() => queue.cancel(task.id)}
          />
        ) : null}
        {state.phase === 'failed' || state.phase === 'cancelled' ? (
          <Button
            size="small"
            type="text"
            icon={<RedoOutlined aria-hidden />}
            aria-label={t('storagePage.tasks.retry', { name })}
            onClick={() => queue.retry(task.id)}
          />
        ) : null}
        {isFinished(task) ? (
          <Button
            size="small"
            type="text"
            icon={<DeleteOutlined aria-hidden />}
            aria-label={t('storagePage.tasks.remove', { name })}
            onClick={() => queue.remove(task.id)}
          />
        ) : null}
      </div>
    </li>
  );
}
