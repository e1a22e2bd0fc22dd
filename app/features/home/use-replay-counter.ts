import { useState, type SyntheticEvent } from "react";
import { heroVideoNoteAfterPlays } from "~/lib/contracts/constants";

/**
 * Counts complete plays of a video and starts it again after each one. A `loop` attribute would
 * never fire `ended`, so the video plays once per run and this handler replays it.
 */
export function useReplayCounter(noteAfterPlays = heroVideoNoteAfterPlays) {
  const [plays, setPlays] = useState(0);
  const onEnded = (event: SyntheticEvent<HTMLVideoElement>) => {
    setPlays((p) => p + 1);
    const video = event.currentTarget;
    video.currentTime = 0;
    // A rejected play() (tab in background, data saver) only means the video stays still.
    video.play()?.catch(() => {});
  };
  return { plays, showNote: plays >= noteAfterPlays, onEnded };
}
