import { useEffect, useEffectEvent } from "react";

/**
 * Calls `advance` once every `intervalMs` while `running`. `step` is the current position: any
 * change (a button, a drag) restarts the wait, so a slide never moves right after the user moved it.
 */
export function useAutoAdvance(running: boolean, intervalMs: number, advance: () => void, step: number): void {
  const onTick = useEffectEvent(advance);
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(onTick, intervalMs);
    return () => clearTimeout(timer);
  }, [running, intervalMs, step]);
}
