import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Input, Modal } from 'antd';
import { routes } from '@tessera/domain';
import { errorMessage, useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { FormFeedback } from '../account';
import { nodeKeys, removeNode, type Node } from './nodes-api';
import styles from './nodes.module.css';

/** Deleting a node is for ever: the owner types the node's name before the button works. */
export function DeleteNodeDialog({ node, onClose }: { node: Node; onClose: () => void }) {
  const t = useT();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const confirmed = typed.trim() === node.nodeName;
  const deletion = useMutation({
    mutationFn: () => removeNode(api, node.nodeId),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: nodeKeys.byId(node.nodeId) });
      await queryClient.invalidateQueries({ queryKey: nodeKeys.mine });
      void navigate(routes.nodeList());
    },
  });

  return (
    <Modal
      open
      title={t('nodesPage.delete.dialogTitle', { name: node.nodeName })}
      okText={t('nodesPage.delete.ok')}
      cancelText={t('nodesPage.delete.cancel')}
      okButtonProps={{ danger: true, disabled: !confirmed, loading: deletion.isPending }}
      onOk={() => deletion.mutate()}
      onCancel={onClose}
      destroyOnHidden
    >
      <div data-testid="delete-node-dialog">
        <ul className={styles.effects}>
          <li>{t('nodesPage.delete.effect.offline')}</li>
          <li>{t('nodesPage.delete.effect.site')}</li>
          <li>{t('nodesPage.delete.effect.names')}</li>
          <li>{t('nodesPage.delete.effect.contracts')}</li>
        </ul>
        <label htmlFor={inputId} className={styles.confirmLabel}>
          {t('nodesPage.delete.typeName', { name: node.nodeName })}
        </label>
        <Input id={inputId} value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" />
        <FormFeedback error={deletion.isError ? errorMessage(deletion.error) : null} />
      </div>
    </Modal>
  );
}
