// The studio's API as both sides see it: what generator/studio/server.ts (and its routes/) answers,
// and what the browser app (studio/api.ts) calls. Types only, so the browser app imports it with
// `import type` and nothing of the generator's code reaches the browser. Each type is defined once,
// where it is made, and named here.
import type { PublishResult } from './git-publish.ts';
import type { Goal } from '../../model/analytics/experiment.ts';
import type { Diagnostic } from '../core/errors.ts';

export type { PathSegment } from '../core/source.ts';
export type { Edit, Path } from './yaml-edit.ts';
export type { Diagnostic, Goal };
export type { Change, Changes } from './git-changes.ts';

/** What a publish answers when it went through (a refusal is a 422 with the errors). */
export type Published = Extract<PublishResult, { ok: true }>;

/** One page file in the studio's list. */
export interface PageSummary {
  file: string;
  route: string;
  title: string;
  template: string;
  state: 'live' | 'draft' | 'scheduled';
  /** UTC ISO moment. */
  publishAt?: string;
  errors: number;
  warnings: number;
  group: string;
  groupOrder: number;
  admin: boolean;
}

/** What the UI shows of one file's text: its data, its diagnostics, and its page's route if it made one. */
export interface Described {
  data: unknown;
  diagnostics: Diagnostic[];
  ok: boolean;
  siteOk: boolean;
  errorsElsewhere: number;
  route?: string;
}

/** A JSON Schema as the forms read it, its $refs written in place (schemas-for-ui.ts). */
export type Schema = {
  title?: string;
  description?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minLength?: number;
  maxLength?: number;
  'x-kind'?: string;
};

/** What the studio's forms are generated from (schemas-for-ui.ts). */
export interface StudioSchemas {
  page: Schema;
  siteConfig: Schema;
  blocks: Record<string, Schema>;
  products: { id: string; name: string }[];
  /** Template (page, article, platform) -> the block types its `sections` may hold (from the page schema). */
  blocksByTemplate: Record<string, string[]>;
  /** The blog's categories, as its index declares them (an article's category field offers these). */
  categories: string[];
  /** site.config.yaml's analytics goals (an experiment is judged by one), with what each counts. */
  goals: Goal[];
}
