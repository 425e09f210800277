import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type ChainedCommands, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Placeholder } from '@tiptap/extensions';
import Image from '@tiptap/extension-image';
import { Button, Input } from 'antd';
import {
  BoldOutlined,
  CodeOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { isSafeRichTextUrl, RICH_TEXT_LINK_ATTRIBUTES, trimEmptyParagraphs } from '@tessera/domain';
import { useT } from '../../i18n';
import styles from './rich-text.module.css';

export interface RichTextEditorProps {
  /** HTML; '' for nothing. */
  value: string;
  onChange: (html: string) => void;
  /** The id of the element naming the field. */
  labelledBy: string;
  placeholder?: string;
  readOnly?: boolean;
  /** The most characters of HTML the server takes; beyond it the field says so. */
  maxLength?: number;
  /** The id of a message about the field (an error under it), read with it. */
  describedBy?: string;
  invalid?: boolean;
}

type Tool = { key: string; label: string; icon: ReactNode; active?: boolean; disabled?: boolean; run: () => void };

/** The editor's HTML without empty paragraphs at its ends ('' when that is all it holds), as the server keeps it. */
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : trimEmptyParagraphs(editor.getHTML()));

/**
 * A version description's editor (Tiptap): paragraphs, headings, bold, italic, underline,
 * strikethrough, code, lists, quotes and links, the usual keyboard shortcuts (Ctrl/⌘+B, I, U, Z).
 * It only makes elements of the shared allow-list; the server sanitises what it stores all the same.
 */
export function RichTextEditor({
  value,
  onChange,
  labelledBy,
  placeholder,
  readOnly = false,
  maxLength,
  describedBy,
  invalid = false,
}: RichTextEditorProps) {
  const t = useT();
  const emitted = useRef(value);
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });
  const tooLongId = useId();
  const tooLong = maxLength !== undefined && value.length > maxLength;
  const describers = [describedBy, tooLong ? tooLongId : undefined].filter(Boolean).join(' ');

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        // The toolbar makes level 2; the other levels are kept for descriptions written elsewhere.
        heading: { levels: [1, 2, 3, 4, 5, 6] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          HTMLAttributes: { ...RICH_TEXT_LINK_ATTRIBUTES, class: null },
          isAllowedUri: (url) => isSafeRichTextUrl(url),
        },
      }),
      // No button adds images, but one written elsewhere is not lost by an edit here.
      Image.extend({ addAttributes: () => ({ src: { default: null }, alt: { default: null } }) }),
      Placeholder.configure({ placeholder: placeholder ?? '' }),
    ],
    content: value,
    editable: !readOnly,
    onUpdate: ({ editor: changed }) => {
      const html = htmlOf(changed);
      emitted.current = html;
      onChangeRef.current(html);
    },
  });

  // The field's names and state live on the editable element itself, where assistive technology looks.
  useEffect(() => {
    editor.setOptions({
      editorProps: {
        attributes: {
          class: styles.content ?? '',
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelledBy,
          ...(describers ? { 'aria-describedby': describers } : {}),
          ...(invalid || tooLong ? { 'aria-invalid': 'true' } : {}),
          ...(readOnly ? { 'aria-readonly': 'true' } : {}),
        },
      },
    });
  }, [editor, labelledBy, describers, invalid, tooLong, readOnly]);

  useEffect(() => editor.setEditable(!readOnly, false), [editor, readOnly]);

  // A value from outside (a draft loaded, another version chosen) replaces the text; our own echo does not.
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className={`${styles.editor} ${invalid || tooLong ? styles.invalid : ''}`}>
      {readOnly ? null : <Toolbar editor={editor} />}
      <EditorContent editor={editor} />
      {tooLong ? (
        <p id={tooLongId} className={styles.problem} role="alert">
          {t('common.richText.tooLong', { count: value.length, max: maxLength })}
        </p>
      ) : null}
    </div>
  );
}

type Format = {
  key: 'bold' | 'italic' | 'underline' | 'strike' | 'heading' | 'bulletList' | 'orderedList' | 'quote' | 'code';
  /** The mark or node it stands for, and its attributes. */
  name: string;
  attributes?: Record<string, unknown>;
  icon: ReactNode;
  toggle: (chain: ChainedCommands) => ChainedCommands;
};

/** The formats the toolbar turns on and off, in its order; their labels are `common.richText.{key}`. */
const FORMATS: readonly Format[] = [
  { key: 'bold', name: 'bold', icon: <BoldOutlined />, toggle: (chain) => chain.toggleBold() },
  { key: 'italic', name: 'italic', icon: <ItalicOutlined />, toggle: (chain) => chain.toggleItalic() },
  { key: 'underline', name: 'underline', icon: <UnderlineOutlined />, toggle: (chain) => chain.toggleUnderline() },
  { key: 'strike', name: 'strike', icon: <StrikethroughOutlined />, toggle: (chain) => chain.toggleStrike() },
  {
    key: 'heading',
    name: 'heading',
    attributes: { level: 2 },
    icon: <span className={styles.glyph}>H</span>,
    toggle: (chain) => chain.toggleHeading({ level: 2 }),
  },
  {
    key: 'bulletList',
    name: 'bulletList',
    icon: <UnorderedListOutlined />,
    toggle: (chain) => chain.toggleBulletList(),
  },
  {
    key: 'orderedList',
    name: 'orderedList',
    icon: <OrderedListOutlined />,
    toggle: (chain) => chain.toggleOrderedList(),
  },
  {
    key: 'quote',
    name: 'blockquote',
    icon: <span className={styles.glyph}>“</span>,
    toggle: (chain) => chain.toggleBlockquote(),
  },
  { key: 'code', name: 'code', icon: <CodeOutlined />, toggle: (chain) => chain.toggleCode() },
];

function Toolbar({ editor }: { editor: Editor }) {
  const t = useT();
  const [linking, setLinking] = useState(false);
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      active: Object.fromEntries(
        FORMATS.map(({ key, name, attributes }) => [key, current.isActive(name, attributes)]),
      ) as Record<Format['key'], boolean>,
      link: current.isActive('link'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const tools: Tool[] = [
    ...FORMATS.map(({ key, icon, toggle }) => ({
      key,
      label: t(`common.richText.${key}`),
      icon,
      active: state.active[key],
      run: () => toggle(chain()).run(),
    })),
    {
      key: 'link',
      label: t('common.richText.link'),
      icon: <LinkOutlined />,
      active: state.link || linking,
      run: () => setLinking((open) => !open),
    },
    {
      key: 'undo',
      label: t('common.richText.undo'),
      icon: <UndoOutlined />,
      disabled: !state.canUndo,
      run: () => chain().undo().run(),
    },
    {
      key: 'redo',
      label: t('common.richText.redo'),
      icon: <RedoOutlined />,
      disabled: !state.canRedo,
      run: () => chain().redo().run(),
    },
  ];
  return (
    <>
      <div className={styles.toolbar} role="toolbar" aria-label={t('common.richText.toolbar')}>
        {tools.map((tool) => (
          <Button
            key={tool.key}
            type="text"
            size="small"
            icon={tool.icon}
            title={tool.label}
            aria-label={tool.label}
            aria-pressed={tool.key === 'undo' || tool.key === 'redo' ? undefined : Boolean(tool.active)}
            className={tool.active ? styles.active : undefined}
            disabled={tool.disabled}
            // Keeps the text's selection: the button acts on it without taking the focus first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={tool.run}
          />
        ))}
      </div>
      {linking ? <LinkForm editor={editor} close={() => setLinking(false)} /> : null}
    </>
  );
}

/** The address of a link: set on the selection (or inserted as its own text), changed, or removed. */
function LinkForm({ editor, close }: { editor: Editor; close: () => void }) {
  const t = useT();
  const current = (editor.getAttributes('link').href as string | undefined) ?? '';
  const [address, setAddress] = useState(current || 'https://');
  const [problem, setProblem] = useState(false);
  const problemId = useId();

  const apply = () => {
    const href = address.trim();
    if (!isSafeRichTextUrl(href) || href.length > 2000) {
      setProblem(true);
      return;
    }
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !editor.isActive('link'))
      chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    else chain.extendMarkRange('link').setLink({ href }).run();
    close();
  };

  return (
    <div className={styles.linkForm}>
      <Input
        size="small"
        autoFocus
        value={address}
        aria-label={t('common.richText.linkAddress')}
        status={problem ? 'error' : undefined}
        aria-invalid={problem || undefined}
        aria-describedby={problem ? problemId : undefined}
        onChange={(event) => {
          setAddress(event.target.value);
          setProblem(false);
        }}
        onPressEnter={(event) => {
          event.preventDefault();
          apply();
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            close();
            editor.commands.focus();
          }
        }}
      />
      <Button size="small" type="primary" onClick={apply}>
        {t('common.richText.linkApply')}
      </Button>
      {current ? (
        <Button
          size="small"
          onClick={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            close();
          }}
        >
          {t('common.richText.linkRemove')}
        </Button>
      ) : null}
      <Button size="small" type="text" onClick={close}>
        {t('common.richText.linkCancel')}
      </Button>
      {problem ? (
        <p id={problemId} className={styles.problem} role="alert">
          {t('common.richText.linkInvalid')}
        </p>
      ) : null}
    </div>
  );
}
