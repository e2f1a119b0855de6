import { useEffect, useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { logoImageQuery, type Logo } from '../api/merchant';
import styles from './logo-image.module.css';

/**
 * A business logo's image, read with the bearer token as a blob and shown through an object URL
 * (revoked when the image goes). Its text alternative is the logo's name; while it is read, or when
 * it cannot be, a quiet box of the same size holds the place (nothing moves when it arrives).
 */
export function LogoImage({ logo, size = 48 }: { logo: Pick<Logo, 'file' | 'name'>; size?: number }) {
  const { t } = useLingui();
  const image = useQuery(logoImageQuery(logo.file));
  const url = useMemo(() => (image.data ? URL.createObjectURL(image.data) : null), [image.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const box = { width: size, height: size };
  if (url) return <img className={styles.image} src={url} alt={logo.name} style={box} />;
  return (
    <span className={styles.placeholder} style={box} role="img" aria-label={image.isError ? t`${logo.name} (the image could not be loaded)` : logo.name} aria-busy={image.isPending || undefined} />
  );
}
