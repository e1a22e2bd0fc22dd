export type LocalNginx = {
  dir: string;
  /** The site over plain HTTP on loopback. */
  httpOrigin: string;
  /** The config's port-80 server (redirects to HTTPS). */
  redirectOrigin: string;
  /** The config's HTTPS server (self-signed certificate). */
  httpsOrigin: string;
  certificate: string;
  errorLog(): Promise<string>;
  stop(): Promise<void>;
};

export function startLocalNginx(options: {
  httpPort: number;
  redirectPort: number;
  httpsPort: number;
  nodePort: number;
  buildDir?: string;
}): Promise<LocalNginx>;

/** The same on three free loopback ports, started again on fresh ones when a bind fails (EADDRINUSE). */
export function startLocalNginxOnFreePorts(options: { nodePort: number; buildDir?: string }): Promise<LocalNginx>;

/** A folder of its own for an nginx a test runs: its temporary folders, writable by the workers. */
export function localNginxDir(): Promise<string>;

/** The main config of an nginx run from `dir` (localNginxDir) in the foreground, `http` inside its http block. */
export function localNginxMain(dir: string, http: string): string;
