// Words of the analytics consent banner (kept beside the feature: it is only loaded with analytics).
export const analyticsConsentText = {
  title: "Analytics cookies",
  body: "May we use Google Analytics cookies to count visits and see which pages help? Nothing is sent unless you accept.",
  accept: "Accept analytics",
  decline: "Decline",
} as const;
