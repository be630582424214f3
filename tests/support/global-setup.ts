import type { TestProject } from 'vitest/node';
import { createTemplate, type TemplateInfo } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: TemplateInfo;
  }
}

/** Migrates once into a template; every test file then starts from a copy (STYLE.md). */
export default async function setup(project: TestProject) {
  const template = await createTemplate(process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');
  project.provide('dbTemplate', template.info);
  return template.dispose;
}
