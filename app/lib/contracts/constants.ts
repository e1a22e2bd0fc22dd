// The business constants in one place. Components read these, never literals.

export const timing = {
  heroCertificateIntervalMs: 2000,
  certificateCarouselIntervalMs: 2000,
  valueCarouselIntervalMs: 2000,
  homeTeamCarouselIntervalMs: 3000,
  slideTransitionMs: 500,
  aboutTeamTransitionMs: 700,
} as const;

export const carousel = {
  certificateVisible: 4,
  certificateVisibleSmall: 2,
  valueVisible: 6,
  certificateDragThresholdPx: 50,
  aboutTeamDragThresholdPx: 100,
  aboutTeamCardWidthPx: 400,
} as const;

export const heroVideoNoteAfterPlays = 5;
export const heroCertificateImageCount = 11;
export const certificateCardCount = 23;
export const valueCardCount = 13;

export const fixedTopBarScrollThresholdPx = 50;
export const mobileBreakpointPx = 768;

/** 50KB read as 50 × 1024 bytes. */
export const resumeMaxBytes = 50 * 1024;
export const faqEntryCount = 12;

export const galleryImageHeightPx = { default: 450, footware: 250 } as const;

export const business = {
  moqPiecesPerColor: 500,
  leadTimeDays: { local: [30, 90], imported: [90, 120] },
  dispatchDays: [30, 120],
  aql: [1.5, 2.5],
} as const;

export const particles = {
  count: 80,
  densityArea: 800,
  speed: 6,
  size: { min: 1, max: 5 },
  opacity: 0.5,
  linkDistance: 150,
  fpsLimit: 120,
  repulseDistance: 200,
  repulseDuration: 0.4,
  pushQuantity: 4,
} as const;

/** Contact and career forms: the send gives up after 15 s; submissions faster than minFillMs after
 * the visitor's first interaction wait out the rest (never dropped). */
export const forms = {
  mailTimeoutMs: 15_000,
  minFillMs: 1500,
} as const;
