#import <UIKit/UIKit.h>

// The layout in code: visual format lines as written, and each other constraint on its own.
@interface EqualSpacingViewController : UIViewController
@end

@implementation EqualSpacingViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    UIButton *view1 = [[UIButton alloc] init];
    view1.translatesAutoresizingMaskIntoConstraints = NO;
    [self.view addSubview:view1];
    UIButton *view2 = [[UIButton alloc] init];
    view2.translatesAutoresizingMaskIntoConstraints = NO;
    [self.view addSubview:view2];
    UILayoutGuide *spacer1 = [[UILayoutGuide alloc] init];
    [self.view addLayoutGuide:spacer1];
    UILayoutGuide *spacer2 = [[UILayoutGuide alloc] init];
    [self.view addLayoutGuide:spacer2];
    UILayoutGuide *spacer3 = [[UILayoutGuide alloc] init];
    [self.view addLayoutGuide:spacer3];
    NSDictionary *views = NSDictionaryOfVariableBindings(view1, view2);
    [self.view addConstraint:[NSLayoutConstraint constraintWithItem:spacer1 attribute:NSLayoutAttributeLeading relatedBy:NSLayoutRelationEqual toItem:self.view attribute:NSLayoutAttributeLeading multiplier:1 constant:0]];
    [self.view addConstraint:[NSLayoutConstraint constraintWithItem:view1 attribute:NSLayoutAttributeLeading relatedBy:NSLayoutRelationEqual toItem:spacer1 attribute:NSLayoutAttributeTrailing multiplier:1 constant:0]];
    [self.view addConstraint:[NSLayoutConstraint constraintWithItem:spacer2 attribute:NSLayoutAttributeLeading relatedBy:NSLayoutRelationEqual toItem:view1 attribute:NSLayoutAttributeTrailing multiplier:1 constant:0]];
    [self.view addConstraint:[NSLayoutConstraint constraintWithItem:spacer2 attribute:NSLayoutAttributeWidth relatedBy:NSLayoutRelationEqual toItem:spacer1 attribute:NSLayoutAttributeWidth multiplier:1 constant:0]];
    [self.view addConstraint:[NSLayoutConstraint constraintWithItem:view2 attribute:NSLayoutAttributeLeading relatedBy:NSLayoutRelationEqual toItem:spacer2 attribute:NSLayoutAttributeTrailing multiplier:1 constant:0]];
    [self.view addConstraint:[NSLayoutConstraint constraintWithItem:spacer3 attribute:NSLayoutAttributeLeading relatedBy:NSLayoutRelationEqual toItem:view2 attribute:NSLayoutAttributeTrailing multiplier:1 constant:0]];
    [self.view addConstraint:[NSLayoutConstraint constraintWithItem:spacer3 attribute:NSLayoutAttributeWidth relatedBy:NSLayoutRelationEqual toItem:spacer1 attribute:NSLayoutAttributeWidth multiplier:1 constant:0]];
    [self.view addConstraint:[NSLayoutConstraint constraintWithItem:self.view attribute:NSLayoutAttributeTrailing relatedBy:NSLayoutRelationEqual toItem:spacer3 attribute:NSLayoutAttributeTrailing multiplier:1 constant:0]];
    [self.view addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@"V:|-[view1]" options:0 metrics:nil views:views]];
    [self.view addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@"V:|-[view2]" options:0 metrics:nil views:views]];
}

@end
