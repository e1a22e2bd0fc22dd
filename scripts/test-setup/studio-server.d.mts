export type StudioServer = {
  origin: string;
  port: number;
  /** The temp copy of content/ this server's studio writes and its publishing watches. */
  contentDir: string;
  /** Everything the server printed so far. */
  log: () => string;
  stop: () => Promise<void>;
};

/** `npm start`'s server on a free port, serving and editing temp copies of the build and content/. */
export function startStudioServer(env?: Record<string, string>): Promise<StudioServer>;
