import styles from './more-button.module.css';

/**
 * The "Показать ещё" button of the listings (issue #3): "Загружаем…" and disabled while loading,
 * and "Не удалось загрузить товары. Попробуйте ещё раз." under it after a failed load.
 */
export function MoreButton({ loading, failed, onClick }: { loading: boolean; failed: boolean; onClick: () => void }) {
  return (
    <div className={styles.more}>
      <button type="button" className="button button-outline" onClick={onClick} disabled={loading} aria-busy={loading}>
        {loading ? 'Загружаем…' : 'Показать ещё'}
      </button>
      {failed ? (
        <p role="alert" className={styles.error}>
          Не удалось загрузить товары. Попробуйте ещё раз.
        </p>
      ) : null}
    </div>
  );
}
