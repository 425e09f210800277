import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Form, Input, type FormInstance } from 'antd';
import { ErrCode } from '@tessera/domain';
import { ApiError } from './api-error';
import { bannerOf, formPathOf, markServerFields } from './form-errors';

const refusal = (fields: { field: string; message: string }[]) =>
  new ApiError('参数校验失败', {
    envelope: {
      ret: 0,
      errCode: ErrCode.BadParams,
      msg: '参数校验失败',
      data: fields.map((f) => ({ ...f, code: 'x' })),
    },
  });

describe('field errors of a refusal', () => {
  it('reads dotted wire names as form paths, through the renames', () => {
    expect(formPathOf('dependencies.1.versionRange')).toEqual(['dependencies', 1, 'versionRange']);
    expect(formPathOf('name', { name: 'resourceName' })).toEqual(['resourceName']);
    expect(formPathOf('isRemember', { isRemember: ['options', 'remember'] })).toEqual(['options', 'remember']);
  });

  it('leaves the banner empty when every refused field shows its message, and keeps the rest', () => {
    const failure = refusal([
      { field: 'title', message: '最多 100 个字符' },
      { field: 'body', message: '请求内容过大' },
    ]);
    expect(bannerOf(failure, ['title', 'body'])).toBeNull();
    expect(bannerOf(failure, ['title'])).toBe('参数校验失败. body: 请求内容过大');
    expect(bannerOf(new ApiError('资源不存在'), ['title'])).toBe('资源不存在');
    expect(bannerOf(null, [])).toBeNull();
  });

  it('puts each message under the field the form has, and tells which it placed', async () => {
    let form: FormInstance | undefined;
    function Probe() {
      const [instance] = Form.useForm();
      form = instance;
      return (
        <Form form={instance} initialValues={{ title: '', tags: ['a', 'b'] }}>
          <Form.Item name="title" label="标题">
            <Input />
          </Form.Item>
          <Form.Item name={['tags', 1]} label="第二个标签">
            <Input />
          </Form.Item>
        </Form>
      );
    }
    render(<Probe />);
    const failure = refusal([
      { field: 'title', message: '最多 100 个字符' },
      { field: 'tags.1', message: '标签过长' },
      { field: 'elsewhere', message: '不在表单里' },
    ]);
    let placed = new Set<string>();
    act(() => {
      placed = markServerFields(form as FormInstance, failure);
    });
    expect([...placed]).toEqual(['title', 'tags.1']);
    expect(await screen.findByText('最多 100 个字符')).toBeTruthy();
    expect(await screen.findByText('标签过长')).toBeTruthy();
    expect(screen.queryByText('不在表单里')).toBeNull();
  });
});
