import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsString, Length } from 'class-validator';

export class RequestKeyDto {
  @ApiProperty({ example: 'My Trading Bot', minLength: 1, maxLength: 100 })
  @IsString()
  @Length(1, 100)
  client_name!: string;

  @ApiProperty({ example: 'dev@example.com' })
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  email!: string;

  @ApiProperty({ example: 'Screening tokens before my bot trades them', minLength: 1, maxLength: 500 })
  @IsString()
  @Length(1, 500)
  intended_usage!: string;
}
