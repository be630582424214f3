import type { TestProject } from 'vitest/node';
import { createTemplate, type TemplateInfo } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: TemplateInfo;
  }
}

/** Migrates once into a template; every test file then starts from a copy (CONTRIBUTING.md). */
export default async function setup(project: TestProject) {
  // The project's `env` reaches its test workers, not this process: read it from the config.
  const kind =
    (project.config.env?.TEST_DB ?? process.env.TEST_DB) === 'postgres' ? 'postgres' : 'pglite';
  const template = await createTemplate(kind);
  project.provide('dbTemplate', template.info);
  return template.dispose;
}
