// A hero's image that stands beside its text from the md breakpoint (48rem) and under it on a phone,
// below the phone's first screen (platform and bundle heroes). Fetched first only where it is on the
// first screen: a preload at high priority for wide screens, where it is often the largest paint, and a
// low one on a phone, where it would otherwise be fetched beside the first screen and hold it up
// (issue 40: Lighthouse's mobile LCP of /instagram-detox, 1.31× → 1.14× the bare page of its size,
// medians of 3 on a quiet machine; the text is its largest paint there). React writes the link at the start of the body.
interface Image {
  src: string;
  alt: string;
  width: number;
  height: number;
}

export function BesideImage({ image, className }: { image: Image; className: string }) {
  return (
    <>
      <link rel="preload" as="image" href={image.src} fetchPriority="high" media="(min-width: 48rem)" />
      <img src={image.src} alt={image.alt} width={image.width} height={image.height} className={className} fetchPriority="low" />
    </>
  );
}
