import { Tag, Typography } from 'antd';
import { RemoteImage } from '../../../components/remote-image';

/** A work in a list row: cover, title, creator and a state tag. */
export function WorkCell({
  cover,
  title,
  sub,
  tag,
}: {
  cover: string | null;
  title: string;
  sub: string;
  tag?: { color: string; text: string } | null;
}) {
  return (
    <div className="placement-work">
      <RemoteImage src={cover ?? ''} alt={title} kind="cover" className="placement-work-cover" />
      <div className="placement-work-text">
        <Typography.Text strong ellipsis={{ tooltip: title }}>
          {title}
        </Typography.Text>
        <Typography.Text type="secondary" ellipsis>
          {sub}
        </Typography.Text>
        {tag ? (
          <span>
            <Tag color={tag.color}>{tag.text}</Tag>
          </span>
        ) : null}
      </div>
    </div>
  );
}
