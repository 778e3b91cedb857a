export declare function buildInputsHash(root?: string): string;
export declare const STAMP_FILE: string;
