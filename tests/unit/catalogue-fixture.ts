// A fixture catalogue with several platform guides and a bundle of them all ("bundle"), for tests of
// the tokens and checks that speak of a bundle's platforms.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from './fixture.ts';

const base = readFileSync(join(projectRoot, 'tests/fixtures/minimal-site/site.config.yaml'), 'utf8').trimEnd();

/** A platform guide entry named after `platform` (its id is the name in lower case). */
export const platformEntry = (platform: string) => {
  const id = platform.toLowerCase();
  return `  - id: ${id}
    platform: "${platform}"
    route: "/${id}-detox"
    title: "${platform} guide"
    description: "d"
    price: 10
    originalPrice: 20
    badge: "B"
    emoji: "x"
    gradient: ["#7c3aed", "#db2777"]
    planDays: 30
    checkoutUrl: "https://checkout.example.com/${id}"
    features: ["f"]
`;
};

export const BUNDLE = `  - id: bundle
    platform: "Bundle"
    route: "/bundle"
    title: "The Bundle"
    description: "Everything."
    price: 20
    badge: "BEST VALUE"
    emoji: "🚀"
    gradient: ["#7c3aed", "#db2777"]
    planDays: 30
    checkoutUrl: "https://checkout.example.com/bundle"
    features: ["All of it"]
    bundles: all
`;

/** The fixture catalogue (Instagram) plus these platforms and a bundle of all of them. */
export const bundleConfig = (platforms: readonly string[]) => `${base}\n${platforms.map(platformEntry).join('')}${BUNDLE}`;
