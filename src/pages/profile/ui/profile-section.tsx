import type { ReactNode } from 'react';
import styles from './profile-page.module.css';

/** A titled part of the profile (a region named by its heading). */
export function ProfileSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}
