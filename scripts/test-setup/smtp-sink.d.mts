export function startSmtpSink(options: { port: number; dir?: string; onMessage?: (raw: Buffer) => void }): Promise<{ port: number; close(): Promise<void> }>;
