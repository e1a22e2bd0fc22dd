import { useCallback, useState } from "react";

/**
 * One-at-a-time disclosure state (SPEC §4 FAQ): nothing open at first; opening an item closes the
 * open one; toggling the open item closes it.
 */
export function useAccordion(initialOpenId: string | null = null) {
  const [openId, setOpenId] = useState<string | null>(initialOpenId);
  const toggle = useCallback((id: string) => setOpenId((current) => (current === id ? null : id)), []);
  const isOpen = useCallback((id: string) => openId === id, [openId]);
  return { openId, toggle, isOpen };
}
