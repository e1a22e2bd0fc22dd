export type PortRange = { low: number; high: number };
export type FreePortOptions = { ranges?: PortRange[]; random?: () => number; exclude?: number[]; attempts?: number };

export function parsePortRange(text: string): PortRange;
export function ephemeralPortRange(): PortRange;
export function allowedPortRanges(ephemeral?: PortRange): PortRange[];
export function randomAllowedPort(ranges?: PortRange[], random?: () => number): number;
export function isPortFree(port: number): Promise<boolean>;
export function freePorts(count: number, options?: FreePortOptions): Promise<number[]>;
export function freePort(options?: FreePortOptions): Promise<number>;
export function isAddressInUse(error: unknown): boolean;
export function withFreePorts<T>(count: number, start: (ports: number[]) => Promise<T>, options?: FreePortOptions & { tries?: number }): Promise<T>;
export function e2eServerPort(env?: Record<string, string | undefined>): number;
