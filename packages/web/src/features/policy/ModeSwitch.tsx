import { Button, Space } from 'antd';
import { useT } from '../../shared/i18n';
import type { PolicyEditorMode } from './types';

const MODES: readonly PolicyEditorMode[] = ['visual', 'code'];

/**
 * Two toggle buttons rather than radio inputs: a switch the editor refuses (code that does not
 * compile) must leave the current mode shown as chosen, which a native radio group does not.
 */
export function ModeSwitch({ mode, onSwitch }: { mode: PolicyEditorMode; onSwitch: (mode: PolicyEditorMode) => void }) {
  const t = useT();
  return (
    <Space.Compact role="group" aria-label={t('policyEditor.mode.label')}>
      {MODES.map((candidate) => (
        <Button
          key={candidate}
          type={candidate === mode ? 'primary' : 'default'}
          aria-pressed={candidate === mode}
          onClick={() => onSwitch(candidate)}
        >
          {t(`policyEditor.mode.${candidate}`)}
        </Button>
      ))}
    </Space.Compact>
  );
}
