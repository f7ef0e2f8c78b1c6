// Types of what scripts/server-build.mjs exports to the TypeScript that runs the server (bench).
export declare const serverBundle: string;
export declare const serverNodeFlags: readonly string[];
export declare function buildServerIfStale(options?: { force?: boolean }): void;
