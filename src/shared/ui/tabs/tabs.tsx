import { Tab, TabList, TabPanel, Tabs as AriaTabs } from 'react-aria-components';
import styles from './tabs.module.css';

export interface TabItem {
  id: string;
  title: string;
  content: React.ReactNode;
}

/** Tabs with arrow-key navigation (react-aria). */
export function Tabs({ label, items, selectedKey, onSelectionChange }: { label: string; items: readonly TabItem[]; selectedKey?: string; onSelectionChange?: (id: string) => void }) {
  return (
    <AriaTabs selectedKey={selectedKey} onSelectionChange={(k) => onSelectionChange?.(String(k))} className={styles.tabs}>
      <TabList aria-label={label} className={styles.list}>
        {items.map((item) => (
          <Tab key={item.id} id={item.id} className={styles.tab}>
            {item.title}
          </Tab>
        ))}
      </TabList>
      {items.map((item) => (
        <TabPanel key={item.id} id={item.id} className={styles.panel}>
          {item.content}
        </TabPanel>
      ))}
    </AriaTabs>
  );
}
