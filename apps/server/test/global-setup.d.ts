import type { TestProject } from 'vitest/node';
export default function setup(project: TestProject): Promise<() => Promise<void>>;
export declare function withDatabase(url: string, database: string): string;
declare module 'vitest' {
    interface ProvidedContext {
        adminDatabaseUrl: string;
        templateDatabase: string;
    }
}
