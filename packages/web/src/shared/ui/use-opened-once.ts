import { useState } from 'react';

/**
 * Whether a part loaded on demand (a drawer, a dialog) has been opened yet: false until `open` first is,
 * then true for good, so its code is fetched on first use and it stays mounted afterwards (a drawer
 * still slides away when it closes).
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
