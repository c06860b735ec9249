import { href } from '@/lib/routes';
import styles from './home-hero.module.css';

/** Props of `HomeHero`. */
export type HomeHeroProps = {
  /** organization.promocode (spec §3), shown as the promo line when set. */
  promo?: string | null;
};

/**
 * The home page's hero/promo block: the season's message, links to the sale and new arrivals,
 * and the organization's promo text when there is one. Pure HTML/CSS, no image to wait for.
 */
export function HomeHero({ promo }: HomeHeroProps) {
  return (
    <section className={styles.hero} aria-labelledby="home-hero-title">
      <div className={styles.inner}>
        <p className={styles.kicker}>Коллекция лето</p>
        <h1 id="home-hero-title" className={styles.title}>
          Купальники, одежда и обувь для отпуска вашей мечты
        </h1>
        {promo ? <p className={styles.promo}>{promo}</p> : null}
        <p className={styles.actions}>
          <a href={href('new')} className="button">
            Смотреть новинки
          </a>
          <a href={href('sale')} className={`button button-outline ${styles.sale}`}>
            Распродажа
          </a>
        </p>
      </div>
    </section>
  );
}
