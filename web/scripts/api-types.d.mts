// Types of scripts/api-types.mjs, for the unit test that runs its check.

export const SPEC_FILE: string;
export const SCHEMA_FILE: string;
export const ENUMS_FILE: string;
export function staleMessage(file: string): string;
export function generateSchemaTypes(): Promise<string>;
export function documentEnums(doc: unknown): Record<string, unknown>;
export function generateEnums(): string;
export function generateApiFiles(): Promise<{ file: string; text: string }[]>;
