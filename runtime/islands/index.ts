// Every island component, for rendering at build time. The browser loads each on its own through
// the glob in client/main.ts; the file name (<name>.island.tsx) is the island's name.
import AdminApp from './admin-app.island.tsx';
import BuyButton from './buy-button.island.tsx';
import Carousel from './carousel.island.tsx';
import ContactForm from './contact-form.island.tsx';
import Countdown from './countdown.island.tsx';
import EmailCapture from './email-capture.island.tsx';
import NewsletterConfirm from './newsletter-confirm.island.tsx';
import NewsletterUnsubscribe from './newsletter-unsubscribe.island.tsx';
import PdfViewer from './pdf-viewer.island.tsx';

export const islands = {
  'admin-app': AdminApp,
  'buy-button': BuyButton,
  carousel: Carousel,
  'contact-form': ContactForm,
  countdown: Countdown,
  'email-capture': EmailCapture,
  'newsletter-confirm': NewsletterConfirm,
  'newsletter-unsubscribe': NewsletterUnsubscribe,
  'pdf-viewer': PdfViewer,
};

export type IslandName = keyof typeof islands;
