// What every admin screen may read: the signed-in session (from the layout's loader) and the
// island's props (the catalogue's previews, the upload defaults).
import type { User } from '@supabase/supabase-js';
import type { TotpFactor } from '../backend/second-factor.ts';
import type { FunnelConfig } from '../backend/insights.ts';
import type { CatalogueProduct } from './insights-maths.ts';
import { useOutletContext } from 'react-router-dom';
import type { ExperimentEntry } from '../../model/analytics/experiment.ts';
import type { DatabaseCatalogue } from '../../model/sales/catalogue.ts';
import type { NewsletterEntry } from '../context.tsx';

export interface PreviewEntry {
  /** Product id in site.config.yaml. */
  product: string;
  title: string;
  /** File name in the previews bucket. */
  path: string;
}

export interface AdminAppProps {
  /** The route this page was prerendered for (the browser's address decides once running). */
  route: string;
  siteName: string;
  previews: PreviewEntry[];
  /** The destination path the upload field starts with. */
  defaultPath: string;
  /** Shown above the upload form. */
  uploadIntro?: string;
  /** The catalogue's products, bundles included, for the insights' platform family (list prices, routes). */
  products?: CatalogueProduct[];
  /** site.config.yaml's analytics.funnels, drawn on /admin/insights. */
  funnels?: FunnelConfig[];
  /** The site's experiments (model/analytics/experiment.ts), for /admin/insights' experiments section. */
  experiments?: ExperimentEntry[];
  /** The catalogue the database checks buy clicks against, which the app publishes at aal2 (layout.tsx). */
  catalogue?: DatabaseCatalogue;
  /** The published newsletters of this build, which /admin/newsletters previews and sends. */
  newsletters?: NewsletterEntry[];
}

export interface AdminOutlet {
  /** `factors`: the admin's verified authenticators (the settings screen lists them). */
  session: { user: User; admin: boolean; factors: TotpFactor[] };
  props: AdminAppProps;
}

export const useAdmin = () => useOutletContext<AdminOutlet>();
