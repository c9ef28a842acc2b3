import { useState } from 'react';
import { Button, Collapse, Drawer, Empty, Segmented, Skeleton, Tabs, Tag } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { HELP_AUDIENCES, type AnswerMenu, type HelpAnswer } from '@xg/shared';
import { QueryFailed } from '../../../components/query-failed';
import { useAppNavigate } from '../../../lib/use-app-navigate';
import { MarkdownView } from '../../../components/markdown-view';
import { useAnswers, useAnswerTypes } from '../api/get-answers';
import { useTutorialVideos } from '../api/tutorial-videos';
import { VideoPlayer } from './video-player';

function MenuLinks({ menus, onGo }: { menus: AnswerMenu[]; onGo: (menu: AnswerMenu) => void }) {
  if (menus.length === 0) return null;
  return (
    <div className="help-menus">
      {menus.map((menu) => (
        <Button key={menu.url + menu.name} size="small" type="link" onClick={() => onGo(menu)}>
          {menu.name} <RightOutlined aria-hidden />
        </Button>
      ))}
    </div>
  );
}

/** A category's answers: type 1 unfolds inline, type 2 opens the detail sub-drawer. */
function AnswerList({
  audience,
  typeId,
  onDetail,
  onGo,
}: {
  audience: number;
  typeId: number | null;
  onDetail: (answer: HelpAnswer) => void;
  onGo: (menu: AnswerMenu) => void;
}) {
  const answers = useAnswers(audience, typeId);
  if (answers.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (answers.isError)
    return <QueryFailed title="问题加载失败" error={answers.error} onRetry={() => void answers.refetch()} />;
  if (answers.data.length === 0) return <Empty description="暂无问题" />;
  return (
    <Collapse
      accordion
      collapsible="header"
      items={answers.data.map((a) => ({
        key: a.id,
        label: (
          <span>
            {a.title} {a.introduce ? <Tag>{a.introduce}</Tag> : null}
          </span>
        ),
        collapsible: a.answersType === 2 ? 'disabled' : 'header',
        showArrow: a.answersType !== 2,
        extra:
          a.answersType === 2 ? (
            <Button size="small" type="link" onClick={() => onDetail(a)}>
              查看详情
            </Button>
          ) : null,
        children: (
          <>
            <MarkdownView className="help-answer-text" source={a.answers} breaks />
            <MenuLinks menus={a.menus} onGo={onGo} />
          </>
        ),
      }))}
    />
  );
}

/**
 * The tutorial drawer (§2.6): audience (1 brand / agency, 2 MCN / creator), category tabs from getAnswersTypes,
 * answers from getAnswers (inline, or the detail sub-drawer), the recommended functions with links into the app
 * and the must-watch tutorial videos.
 */
export function TutorialDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useAppNavigate();
  const [audience, setAudience] = useState<number>(1);
  const [tab, setTab] = useState<string>('recommend');
  const [detail, setDetail] = useState<HelpAnswer | null>(null);
  const types = useAnswerTypes(audience);
  const videos = useTutorialVideos();
  const onGo = (menu: AnswerMenu) => {
    if (menu.type === 2) window.open(menu.url, '_blank', 'noopener');
    else {
      navigate({ pathname: menu.url });
      onClose();
    }
  };

  return (
    <Drawer open={open} onClose={onClose} title="使用教程" size={520} className="help-drawer" destroyOnHidden>
      <Segmented
        block
        value={audience}
        options={HELP_AUDIENCES.map((a) => ({ label: a.label, value: a.type }))}
        onChange={(value) => {
          setAudience(Number(value));
          setTab('recommend');
        }}
      />
      {types.isError ? (
        <QueryFailed title="分类加载失败" error={types.error} onRetry={() => void types.refetch()} />
      ) : (
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'recommend',
              label: '推荐功能',
              children: <AnswerList audience={audience} typeId={null} onDetail={setDetail} onGo={onGo} />,
            },
            ...(types.data ?? []).map((t) => ({
              key: String(t.id),
              label: t.dataName,
              children: <AnswerList audience={audience} typeId={t.id} onDetail={setDetail} onGo={onGo} />,
            })),
            {
              key: 'videos',
              label: '必看教程',
              children: videos.isPending ? (
                <Skeleton active />
              ) : videos.isError ? (
                <QueryFailed title="教程加载失败" error={videos.error} onRetry={() => void videos.refetch()} />
              ) : videos.data.length === 0 ? (
                <Empty description="暂无教程视频" />
              ) : (
                videos.data.map((v) => (
                  <section key={v.id} className="help-video-item">
                    <h4>
                      {v.name} {v.mustWatch ? <Tag color="red">必看</Tag> : null}
                      {v.played ? <Tag>已观看</Tag> : null}
                    </h4>
                    <VideoPlayer video={v} />
                  </section>
                ))
              ),
            },
          ]}
        />
      )}
      <Drawer open={detail !== null} onClose={() => setDetail(null)} title={detail?.title} size={480}>
        {detail ? (
          <>
            <MarkdownView className="help-answer-text" source={detail.answers} breaks />
            <MenuLinks menus={detail.menus} onGo={onGo} />
          </>
        ) : null}
      </Drawer>
    </Drawer>
  );
}
