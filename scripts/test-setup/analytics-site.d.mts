export declare const analyticsMeasurementId: string;
export declare const analyticsBuildDir: string;
export declare function analyticsSite(options?: { log?: (message: string) => void }): Promise<string>;
