export function postgresBin(env?: NodeJS.ProcessEnv): string;
export type TestPostgres = {
  url: string;
  port: number;
  stop(): Promise<unknown>;
  start(): Promise<unknown>;
  close(): Promise<void>;
};
export function startTestPostgres(options?: { user?: string }): Promise<TestPostgres>;
