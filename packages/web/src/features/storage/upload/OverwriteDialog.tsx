import { useState } from 'react';
import { Button, Checkbox, Modal } from 'antd';
import { useT } from '../../../shared/i18n';
import type { OverwriteQuestion } from './upload-queue';

/**
 * Asks whether an upload replaces the object of the same name. Keeping the existing object is the
 * default (and what closing the dialog means); "apply to all" answers the same for the rest of
 * the batch.
 */
export function OverwriteDialog({
  question,
  onAnswer,
}: {
  question: OverwriteQuestion;
  onAnswer: (replace: boolean, applyToAll: boolean) => void;
}) {
  const t = useT();
  const [applyToAll, setApplyToAll] = useState(false);
  return (
    <Modal
      open
      title={t('storagePage.overwrite.title')}
      onCancel={() => onAnswer(false, false)}
      footer={[
        <Button key="keep" autoFocus onClick={() => onAnswer(false, applyToAll)}>
          {t('storagePage.overwrite.keep')}
        </Button>,
        <Button key="replace" type="primary" onClick={() => onAnswer(true, applyToAll)}>
          {t('storagePage.overwrite.replace')}
        </Button>,
      ]}
    >
      <p>{t('storagePage.overwrite.text', { name: question.objectName, bucket: question.bucketName })}</p>
      <Checkbox checked={applyToAll} onChange={(event) => setApplyToAll(event.target.checked)}>
        {question.othersWaiting > 0
          ? t('storagePage.overwrite.applyToAllCount', { count: question.othersWaiting })
          : t('storagePage.overwrite.applyToAll')}
      </Checkbox>
    </Modal>
  );
}
