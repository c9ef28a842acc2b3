import { useState, type CSSProperties, type ReactNode } from 'react';
import { Input } from 'antd';

interface KeywordSearchProps {
  /** aria-label */
  label: string;
  placeholder: string;
  maxLength: number;
  style?: CSSProperties;
  /** the keyword in force (the URL's), shown at first */
  initial?: string;
  /** the trimmed keyword; undefined when it is empty (the filter is cleared) */
  onSearch: (keyword: string | undefined) => void;
  enterButton?: ReactNode;
}

/** A list's keyword box: typed freely, applied on Enter, its button or clearing. */
export function KeywordSearch({ label, initial = '', onSearch, ...props }: KeywordSearchProps) {
  const [draft, setDraft] = useState(initial);
  return (
    <Input.Search
      aria-label={label}
      allowClear
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onSearch={(value) => onSearch(value.trim() || undefined)}
      {...props}
    />
  );
}
