import { useId, useState } from 'react';
import { Button, Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { formatCount } from '@xg/shared';
import { RemoteAvatar } from '../../../components/remote-avatar';
import { useSearchKeyword } from '../api/get-search-keyword';
import { useDebouncedValue } from '../hooks/use-debounced-value';

/** Suggestions are asked for once typing pauses this long. */
const SUGGEST_DEBOUNCE_MS = 300;

interface KeywordSearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  onSearch: (value: string) => void;
  placeholder: string;
  ariaLabel: string;
  /** creator-name suggestions (GET /api/searchKeyword) while typing */
  suggest: boolean;
  maxLength: number;
}

/**
 * The search box with creator suggestions below it. The input stays a plain search box (role searchbox);
 * arrow keys move through the suggestions, Enter or a click searches for the chosen name.
 */
export function KeywordSearchBox({
  value,
  onChange,
  onSearch,
  placeholder,
  ariaLabel,
  suggest,
  maxLength,
}: KeywordSearchBoxProps) {
  const listId = useId();
  const [focused, setFocused] = useState(false);
  const [active, setActive] = useState(-1);
  const debounced = useDebouncedValue(value, SUGGEST_DEBOUNCE_MS);
  const query = useSearchKeyword(suggest ? debounced : '');
  const suggestions = suggest && value.trim() !== '' ? (query.data ?? []) : [];
  const open = focused && suggestions.length > 0;

  const choose = (name: string): void => {
    onChange(name);
    setActive(-1);
    setFocused(false);
    onSearch(name);
  };

  return (
    <div className="keyword-box">
      <Input.Search
        size="large"
        placeholder={placeholder}
        aria-label={ariaLabel}
        aria-autocomplete={suggest ? 'list' : undefined}
        aria-controls={open ? listId : undefined}
        aria-expanded={suggest ? open : undefined}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setActive(-1);
          setFocused(true);
        }}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onKeyDown={(event) => {
          if (!open) return;
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setActive((index) => (index + 1) % suggestions.length);
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
          } else if (event.key === 'Escape') {
            setFocused(false);
          }
        }}
        onSearch={(text) => {
          const chosen = open && active >= 0 ? suggestions[active] : undefined;
          setFocused(false);
          if (chosen) choose(chosen.kolName);
          else onSearch(text);
        }}
        enterButton={
          <Button type="primary" icon={<SearchOutlined aria-hidden />}>
            搜索
          </Button>
        }
        allowClear
        maxLength={maxLength}
      />
      {open ? (
        <ul id={listId} className="keyword-suggestions" role="listbox" aria-label="搜索建议">
          {suggestions.map((item, index) => (
            <li
              key={item.kolId}
              role="option"
              aria-selected={index === active}
              className={index === active ? 'is-active' : undefined}
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => choose(item.kolName)}
            >
              <RemoteAvatar src={item.kolImg} alt={item.kolName} size={28} />
              <span className="keyword-suggestion-name">{item.kolName}</span>
              <span className="keyword-suggestion-fans">{formatCount(item.fansNum)}粉丝</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
