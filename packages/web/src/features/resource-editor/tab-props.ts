import type { ResourceWire } from '@tessera/contract/resources';

/** What a tab of the owner's editor shows and changes; a change refreshes the resource by itself. */
export interface TabProps {
  resource: ResourceWire;
  /** Frozen: everything shows, nothing changes. */
  readOnly: boolean;
}
