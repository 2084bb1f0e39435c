// The compiled, typed page definitions the runtime renders.
import type { Author, Page, Product, Section, SiteConfig } from './schema.generated.ts';

export type { Page, Product, Section, SiteConfig };
export type BlockType = Section['type'];
export type BlockOf<T extends BlockType> = Extract<Section, { type: T }>;

export interface ArticleSummary {
  slug: string;
  route: string;
  title: string;
  excerpt: string;
  category: string;
  date: string;
  readTime: number;
  author: Author;
  featured: boolean;
  unlisted: boolean;
}

export interface PageDefinition {
  route: string;
  /** Source file, project-relative. */
  file: string;
  title: string;
  description: string;
  image?: string;
  header: 'site' | 'back-home';
  template: 'page' | 'article' | 'platform';
  sections: Section[];
  article?: ArticleSummary;
}

export interface CompiledSite {
  site: SiteConfig;
  pages: PageDefinition[];
  /** Listed articles, newest first; the featured one is among them. */
  articles: ArticleSummary[];
}

export const NOT_FOUND_ROUTE = '/404';
