import { useMemo } from 'react';
import { translatePolicyInfo, type CompiledPolicy } from '@tessera/domain';
import { usePolicyTexts } from '../use-policy-texts';
import styles from './panel.module.css';

/** The policy in plain sentences of the current language: who may sign, each state and its events. */
export function PolicyTranslationView({ policy }: { policy: CompiledPolicy }) {
  const { language, texts } = usePolicyTexts();
  const translation = useMemo(() => translatePolicyInfo(policy, language, texts), [policy, language, texts]);
  return (
    <div className={styles.translation} data-testid="policy-translation">
      <p className={styles.audience}>{translation.audience}</p>
      <ol className={styles.translatedStates}>
        {translation.states.map((state) => (
          <li key={state.name}>
            <span className={styles.stateSentence}>{state.content}</span>
            {state.events.length > 0 && (
              <ul className={styles.eventSentences}>
                {state.events.map((event) => (
                  <li key={event.eventId}>{event.content}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
